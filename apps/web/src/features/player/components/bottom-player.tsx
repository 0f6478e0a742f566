import { ChevronDown, Music, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatTime } from '../../../lib/audio/format-time';
import { SKIP_SECONDS, usePlayer } from '../../../lib/audio/player-context';
import { readStorage, writeStorage } from '../../../lib/local-storage';

export const PLAYER_MINIMISED_KEY = 'player-minimised';

/** Whether the bottom player is minimised, remembered on the device. */
function useMinimised(): [boolean, (next: boolean) => void] {
  const [isMinimised, setIsMinimised] = useState(() => readStorage(PLAYER_MINIMISED_KEY) === 'true');
  const set = useCallback((next: boolean) => {
    writeStorage(PLAYER_MINIMISED_KEY, String(next));
    setIsMinimised(next);
  }, []);
  return [isMinimised, set];
}

/**
 * The desktop bottom audio player (spec section 2): title, artist once reviewed, a seek bar, the
 * clock and 10 s skips. It can shrink to a pill. Nothing shows until a track is chosen.
 */
export function BottomPlayer() {
  const { state, error, toggle, seek, skip } = usePlayer();
  const [isMinimised, setMinimised] = useMinimised();
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

  const duration = state.duration;
  return (
    <section
      aria-label="Audio player"
      className="sticky bottom-0 z-30 border-t border-border bg-background/95 px-6 py-3 backdrop-blur-md"
    >
      <div className="mx-auto flex w-full max-w-6xl items-center gap-4">
        <div className="w-48 min-w-0 shrink-0">
          <p className="truncate text-sm font-medium text-foreground">{track.title}</p>
          {track.hasReviewed && track.artist ? (
            <p className="truncate text-xs text-muted-foreground">{track.artist}</p>
          ) : null}
        </div>
        <div className="flex items-center gap-1">
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
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span className="w-10 text-right text-xs tabular-nums text-muted-foreground">
            {formatTime(state.currentTime)}
          </span>
          <input
            type="range"
            aria-label="Seek"
            min={0}
            max={Math.max(0, Math.floor(duration))}
            step={1}
            value={Math.min(state.currentTime, Math.floor(duration))}
            disabled={!(duration > 0)}
            onChange={(event) => seek(Number(event.target.value))}
            className="h-1.5 min-w-0 flex-1 cursor-pointer accent-primary"
          />
          <span className="w-10 text-xs tabular-nums text-muted-foreground">{formatTime(duration)}</span>
        </div>
        {error ? (
          <p role="alert" className="max-w-56 truncate text-xs text-destructive">
            {error}
          </p>
        ) : null}
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Minimise player"
          onClick={() => setMinimised(true)}
        >
          <ChevronDown aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
