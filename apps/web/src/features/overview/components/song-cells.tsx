import type { OverviewRowDto } from '@music-review/core/api';
import { formatAverage } from '@music-review/core/review-rules';
import { Gavel, Pause, Play } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { usePlayer } from '../../../lib/audio/player-context';
import { cn } from '../../../lib/cn';

export const HIDDEN_ARTIST_TEXT = 'Hidden until you review';
export const HIDDEN_AVERAGE_TEXT = 'Hidden until you review this version';
const NO_SCORES_TEXT = 'No scores yet';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function SubmittedDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? '' : dateFormat.format(date)}</time>;
}

/**
 * The artist, or why it is not shown (blind review, spec section 2). `compact` (the desktop table)
 * shows "Hidden" and gives the full reason to screen readers and as a tooltip.
 */
export function ArtistName({
  artist,
  className,
  compact = false,
}: {
  artist: string | null;
  className?: string;
  compact?: boolean;
}) {
  if (artist) return <span className={className}>{artist}</span>;
  if (!compact)
    return <span className={cn('text-muted-foreground italic', className)}>{HIDDEN_ARTIST_TEXT}</span>;
  return (
    <span
      title={HIDDEN_ARTIST_TEXT}
      className={cn('cursor-help whitespace-nowrap text-muted-foreground italic', className)}
    >
      Hidden<span className="sr-only"> until you review</span>
    </span>
  );
}

export type AverageKey = 'musical' | 'artist' | 'overall';

/**
 * One average to one decimal, or a dash with the reason: hidden until the viewer has reviewed
 * (so nobody anchors on the team's scores), or no scores that count yet.
 */
export function AverageValue({ row, field }: { row: OverviewRowDto; field: AverageKey }) {
  const value = row.averages ? row.averages[field] : null;
  if (value !== null) return <span className="tabular-nums">{formatAverage(value)}</span>;
  const reason = row.averages === null ? HIDDEN_AVERAGE_TEXT : NO_SCORES_TEXT;
  return (
    <span title={reason} className="cursor-help text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{reason}</span>
    </span>
  );
}

/** '{count} of {team}', and how many of those were quick 'useless' marks. */
export function ReviewCount({ row, teamSize }: { row: OverviewRowDto; teamSize: number }) {
  return (
    <span className="inline-flex flex-col">
      <span className="tabular-nums">
        {row.review_count} of {teamSize}
      </span>
      {row.useless_count > 0 ? (
        <span
          className="text-xs text-muted-foreground"
          title="Marked useless: counts as a review, left out of the averages"
        >
          {row.useless_count} marked useless
        </span>
      ) : null}
    </span>
  );
}

export function ReadyMarker() {
  return (
    <Badge variant="primary" className="whitespace-nowrap">
      <Gavel aria-hidden="true" className="size-3.5" />
      Ready for decision
    </Badge>
  );
}

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', signed: 'Signed', passed: 'Passed' };

/** Pending with its deadline badge ('{n} days left' or 'Expired'), Signed, or Passed. */
export function SongStatus({ row }: { row: OverviewRowDto }) {
  const label = STATUS_LABELS[row.status] ?? row.status;
  if (row.status === 'signed') return <Badge variant="success">{label}</Badge>;
  if (row.status !== 'pending') return <Badge>{label}</Badge>;
  const isExpired = row.deadline_badge === 'Expired';
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="text-sm">{label}</span>
      <Badge variant={isExpired ? 'neutral' : 'warning'}>{row.deadline_badge}</Badge>
    </span>
  );
}

/** Plays the song in the one global player, like a dashboard card's play button. */
export function PlaySongButton({ row }: { row: OverviewRowDto }) {
  const player = usePlayer();
  const isPlaying = player.state.currentTrack?.id === row.id && player.state.isPlaying;
  const label = `${isPlaying ? 'Pause' : 'Play'} ${row.title}`;
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className="rounded-full"
      aria-label={label}
      title={row.audio_file_key ? undefined : 'No audio file'}
      disabled={!row.audio_file_key}
      onClick={() =>
        player.playTrack({
          id: row.id,
          title: row.title,
          artist: row.artist,
          audioFileKey: row.audio_file_key,
          waveform: null,
          initialTime: 0,
          // The server sends the artist only when the viewer may see it.
          hasReviewed: row.reviewed_by_me || row.artist !== null,
          autoPlay: true,
        })
      }
    >
      {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
    </Button>
  );
}
