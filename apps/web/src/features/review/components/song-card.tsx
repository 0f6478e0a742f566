import { formatAverage } from '@music-review/core/review-rules';
import { CheckCircle2, Gavel } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { WaveformPlayer } from '../../player';
import type { ReviewCardDto } from '../api/types';
import { useMarkUselessAction } from './use-mark-useless-action';

/** 'Musical 7.5 · Artist 7.0 · Overall 8.0', one decimal each (spec section 2). */
export function formatAverages(averages: NonNullable<ReviewCardDto['averages']>): string {
  // An average is null only when no review counts yet; show a dash rather than a made-up 0.
  const f = (v: number | null) => (v === null ? '–' : formatAverage(v));
  return `Musical ${f(averages.musical)} · Artist ${f(averages.artist)} · Overall ${f(averages.overall)}`;
}

const reviewCount = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

/** One song on the Review Dashboard. */
export function SongCard({ card }: { card: ReviewCardDto }) {
  const isReviewed = card.reviewed_by_me;
  const titleId = `song-${card.id}-title`;
  const onMarkUseless = useMarkUselessAction(card.id);

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" aria-labelledby={titleId} role="article">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-base font-semibold leading-tight text-foreground">
            {card.title}
          </h2>
          {isReviewed && card.artist ? (
            <p className="mt-0.5 truncate text-sm text-muted-foreground">{card.artist}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {card.current_version_number > 1 ? (
            <Badge variant="primary">Revision v{card.current_version_number}</Badge>
          ) : null}
          {!isReviewed && card.deadline_badge !== 'Expired' ? (
            <Badge variant="warning">{card.deadline_badge}</Badge>
          ) : null}
          <Badge>{reviewCount(card.review_count)}</Badge>
          {isReviewed ? (
            <Badge variant="success">
              <CheckCircle2 aria-hidden="true" className="size-3.5" />
              Reviewed
            </Badge>
          ) : null}
          {card.has_sixty_percent_reviews ? (
            <Badge variant="primary">
              <Gavel aria-hidden="true" className="size-3.5" />
              Ready for decision
            </Badge>
          ) : null}
        </div>
      </div>

      <WaveformPlayer
        song={{
          id: card.id,
          title: card.title,
          artist: card.artist,
          audioFileKey: card.audio_file_key,
          waveformFileKey: card.waveform_file_key,
          hasReviewed: isReviewed,
        }}
        onMarkUseless={isReviewed ? undefined : onMarkUseless}
      />

      {isReviewed && card.averages ? (
        <p className="text-sm tabular-nums text-muted-foreground">{formatAverages(card.averages)}</p>
      ) : null}
      {!isReviewed ? (
        <div>
          <Link to={paths.review.href(card.id)} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
            Review This Song
          </Link>
        </div>
      ) : null}
    </Card>
  );
}
