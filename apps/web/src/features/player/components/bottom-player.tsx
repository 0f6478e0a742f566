import { ChevronDown, Music, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SKIP_SECONDS, usePlayer } from '../../../lib/audio/player-context';
import { SeekBar } from './seek-bar';
import { useMinimised } from './use-minimised';

export const PLAYER_MINIMISED_KEY = 'player-minimised';

/**
 * The desktop bottom audio player (spec section 2): title, artist once reviewed, a seek bar, the
 * clock and 10 s skips. It can shrink to a pill. Nothing shows until a track is chosen.
 *
 * It sits in the page column, whose width depends on the window and the sidebar: on one line only
 * when the column has room (a container query, 48 rem), otherwise the seek bar takes a line of its
 * own under the title and controls, so it always keeps its 160 px and its clock never runs into
 * the minimise button (issue 12).
 */
export function BottomPlayer() {
  const { state, error, toggle, seek, skip } = usePlayer();
  const [isMinimised, setMinimised] = useMinimised(PLAYER_MINIMISED_KEY);
  const track = state.currentTrack;
  if (!track) return null;

  const playLabel = state.isPlaying ? 'Pause' : 'Play';
  const PlayIcon = state.isPlaying ? Pause : Play;

  if (isMinimised) {
    return (
      <div className="fixed right-6 bottom-6 z-30 flex items-center gap-1 rounded-full border border-border bg-popover p-1 pl-2 shadow-pop">
        <Button size="icon-sm" className="rounded-full" aria-label={playLabel} onClick={toggle}>
          <PlayIcon aria-hidden="true" />
        </Button>
        <span className="max-w-40 truncate px-1 text-sm font-medium">{track.title}</span>
        <Button variant="ghost" size="sm" className="rounded-full" onClick={() => setMinimised(false)}>
          <Music aria-hidden="true" />
          Show player
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-label="Audio player"
      className="@container sticky bottom-0 z-30 border-t border-border bg-background/95 px-6 py-3 backdrop-blur-md"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 @3xl:w-48 @3xl:flex-none">
          <p className="truncate text-sm font-medium text-foreground">{track.title}</p>
          {track.hasReviewed && track.artist ? (
            <p className="truncate text-xs text-muted-foreground">{track.artist}</p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Skip back 10 seconds"
            onClick={() => skip(-SKIP_SECONDS)}
          >
            <SkipBack aria-hidden="true" />
          </Button>
          <Button size="icon" className="rounded-full" aria-label={playLabel} onClick={toggle}>
            <PlayIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Skip forward 10 seconds"
            onClick={() => skip(SKIP_SECONDS)}
          >
            <SkipForward aria-hidden="true" />
          </Button>
        </div>
        <SeekBar
          currentTime={state.currentTime}
          duration={state.duration}
          onSeek={seek}
          className="order-last basis-full @3xl:order-none @3xl:basis-0 @3xl:flex-1"
        />
        <Button
          variant="ghost"
          size="icon-sm"
          className="shrink-0"
          aria-label="Minimise player"
          onClick={() => setMinimised(true)}
        >
          <ChevronDown aria-hidden="true" />
        </Button>
        {error ? (
          <p role="alert" className="order-last basis-full truncate text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
