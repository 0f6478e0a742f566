import type { HomePendingReviewDto } from '@music-review/core/hub';
import { Inbox, Pause, Play } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { usePlayer } from '../../../lib/audio/player-context';

function PlayButton({ song }: { song: HomePendingReviewDto }) {
  const player = usePlayer();
  const isPlaying = player.state.currentTrack?.id === song.id && player.state.isPlaying;
  return (
    <Button
      variant="secondary"
      size="icon"
      className="rounded-full"
      aria-label={`${isPlaying ? 'Pause' : 'Play'} ${song.title}`}
      title={song.audio_file_key ? undefined : 'No audio file'}
      disabled={!song.audio_file_key}
      onClick={() =>
        player.playTrack({
          id: song.id,
          title: song.title,
          // Not reviewed yet: the artist stays hidden (blind review).
          artist: null,
          audioFileKey: song.audio_file_key,
          waveform: null,
          initialTime: 0,
          hasReviewed: false,
          autoPlay: true,
        })
      }
    >
      {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
    </Button>
  );
}

/** The caller's pending reviews, fewest days left first, each with its play button. */
export function PendingReviewList({ songs }: { songs: HomePendingReviewDto[] }) {
  if (songs.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-base font-semibold text-foreground">No pending songs to review</p>
        <p className="text-sm text-muted-foreground">All caught up! Check back later for new submissions.</p>
      </Card>
    );
  }
  return (
    <ol aria-label="My pending reviews" className="flex flex-col gap-3">
      {songs.map((song) => {
        const titleId = `home-song-${song.id}`;
        return (
          <li key={song.id}>
            <Card className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4">
              <PlayButton song={song} />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p id={titleId} className="truncate text-sm font-semibold text-foreground">
                  {song.title}
                </p>
                <div className="flex flex-wrap items-center gap-1.5">
                  <Badge variant="warning">{song.deadline_badge}</Badge>
                  {song.current_version_number > 1 ? (
                    <Badge variant="primary">Revision v{song.current_version_number}</Badge>
                  ) : null}
                </div>
              </div>
              <Link
                to={paths.review.href(song.id)}
                aria-describedby={titleId}
                className={buttonClasses({ size: 'sm', variant: 'outline' })}
              >
                Review
              </Link>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
