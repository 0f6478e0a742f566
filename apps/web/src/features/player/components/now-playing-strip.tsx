import { ChevronDown, ChevronUp } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatTime } from '../../../lib/audio/format-time';
import { usePlayer } from '../../../lib/audio/player-context';
import { SeekBar } from './seek-bar';
import { useMinimised } from './use-minimised';

export const NOW_PLAYING_MINIMISED_KEY = 'now-playing-minimised';

/**
 * Phones' now-playing strip (issue 12), above the bottom bar whose transport drives it: the title,
 * the artist once reviewed, the seek bar and the clock. Minimised it keeps one line (title and
 * clock); the choice is remembered on the device. Nothing shows until a track is chosen.
 */
export function NowPlayingStrip() {
  const { state, error, seek } = usePlayer();
  const [isMinimised, setMinimised] = useMinimised(NOW_PLAYING_MINIMISED_KEY);
  const track = state.currentTrack;
  if (!track) return null;
  const artist = track.hasReviewed && track.artist ? track.artist : null;

  return (
    <section aria-label="Now playing" className="border-b border-border px-3 py-1.5">
      <div className="flex items-center gap-2">
        {/* Title and artist share the line; a long title cannot push the artist out of it. */}
        <p className="flex min-w-0 flex-1 gap-1 text-sm">
          <span className="min-w-0 truncate font-medium text-foreground">{track.title}</span>
          {artist ? (
            <span className="max-w-[45%] shrink-0 truncate text-muted-foreground">· {artist}</span>
          ) : null}
        </p>
        {isMinimised ? (
          <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
            {formatTime(state.currentTime)} / {formatTime(state.duration)}
          </span>
        ) : null}
        <Button
          variant="ghost"
          size="icon-sm"
          className="shrink-0"
          aria-label={isMinimised ? 'Show now playing' : 'Minimise now playing'}
          aria-expanded={!isMinimised}
          onClick={() => setMinimised(!isMinimised)}
        >
          {isMinimised ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        </Button>
      </div>
      {isMinimised ? null : (
        <SeekBar currentTime={state.currentTime} duration={state.duration} onSeek={seek} className="pb-1" />
      )}
      {error && !isMinimised ? <p className="truncate pb-1 text-xs text-destructive">{error}</p> : null}
    </section>
  );
}
