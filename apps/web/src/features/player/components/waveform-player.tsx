import type { LoadedWaveform } from '@music-review/core/waveform';
import { Ban, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import {
  type ComponentProps,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/ui/button';
import { formatTime } from '../../../lib/audio/format-time';
import { SKIP_SECONDS, usePlayer } from '../../../lib/audio/player-context';
import type { AudioTrack } from '../../../lib/audio/player-state';
import { cn } from '../../../lib/cn';
import { useIsDesktop } from '../../../lib/use-media-query';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useWaveform } from '../api/use-waveform';
import { drawWaveform } from './draw-waveform';

/** Spec section 9: the canvas is 96 px high below 768 px, 128 px otherwise. */
export const WAVEFORM_HEIGHT_MOBILE = 96;
export const WAVEFORM_HEIGHT_DESKTOP = 128;

export interface WaveformSong {
  id: string;
  title: string;
  artist: string | null;
  audioFileKey: string | null;
  waveformFileKey: string | null;
  waveformUrl?: string | null;
  hasReviewed: boolean;
}

export interface WaveformPlayerProps {
  song: WaveformSong;
  /** Shows the 'Mark as useless' button when given. */
  onMarkUseless?: () => void;
  className?: string;
}

/** Seconds the waveform covers, from its own header, for seeking a track that is not loaded yet. */
function waveformSeconds(waveform: LoadedWaveform | undefined): number {
  if (!waveform?.sample_rate || !waveform.samples_per_pixel) return 0;
  const length = waveform.length ?? waveform.data.length / 2;
  return (length * waveform.samples_per_pixel) / waveform.sample_rate;
}

function readColor(element: Element, name: string, fallback: string) {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/**
 * The canvas with its size and the device pixel ratio handled; redraws on any change. Also the
 * Waveform Test page's, so a local file is drawn exactly as a song is. Other canvas props (a role
 * and label, a click handler, more classes) go to the canvas.
 */
export function WaveformCanvas({
  data,
  progress,
  height,
  className,
  ...canvasProps
}: {
  data: readonly number[] | undefined;
  progress: number;
  height: number;
} & Omit<ComponentProps<'canvas'>, 'ref' | 'style' | 'height' | 'width'>) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // The observer reports the width after layout, so a list of cards does not force a layout per
    // canvas; without one (old browsers, jsdom) the width is read once.
    if (typeof ResizeObserver === 'undefined') {
      setWidth(canvas.clientWidth);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !(width > 0) || !data || data.length === 0) return;
    // Colours first: reading styles after resizing the canvas would make the browser restyle.
    const colors = {
      played: readColor(canvas, '--primary', '#7c3aed'),
      unplayed: readColor(canvas, '--waveform-unplayed', '#888'),
    };
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawWaveform(context, width, height, data, progress, colors);
  }, [data, progress, width, height]);

  return (
    <canvas ref={canvasRef} className={cn('block w-full', className)} style={{ height }} {...canvasProps} />
  );
}

/**
 * The row under a waveform: skip back, play or pause, skip forward, and the time; `children` after
 * them. Also the Waveform Test page's.
 */
export function WaveformControls({
  isPlaying,
  disabled,
  onSkip,
  onPlay,
  currentTime,
  duration,
  children,
}: {
  isPlaying: boolean;
  disabled?: boolean;
  /** Seconds to move by: -SKIP_SECONDS or SKIP_SECONDS. */
  onSkip: (deltaSeconds: number) => void;
  onPlay: () => void;
  currentTime: number;
  duration: number;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Skip back 10 seconds"
        disabled={disabled}
        onClick={() => onSkip(-SKIP_SECONDS)}
      >
        <SkipBack aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        className="rounded-full"
        aria-label={isPlaying ? 'Pause' : 'Play'}
        disabled={disabled}
        onClick={onPlay}
      >
        {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Skip forward 10 seconds"
        disabled={disabled}
        onClick={() => onSkip(SKIP_SECONDS)}
      >
        <SkipForward aria-hidden="true" />
      </Button>
      <span className="ml-2 whitespace-nowrap text-xs tabular-nums text-muted-foreground">
        {formatTime(currentTime)} / {formatTime(duration)}
      </span>
      {children}
    </div>
  );
}

/**
 * A song's waveform with its own controls (spec section 2, Waveform player). It drives the one
 * global player: playing here makes this song the current track.
 */
export function WaveformPlayer({ song, onMarkUseless, className }: WaveformPlayerProps) {
  const player = usePlayer();
  const isDesktop = useIsDesktop();
  const height = isDesktop ? WAVEFORM_HEIGHT_DESKTOP : WAVEFORM_HEIGHT_MOBILE;
  const sectionRef = useRef<HTMLElement>(null);
  // A list of fifty cards fetches and draws the waveforms in sight, then the others as they near.
  const isNear = useNearViewport(sectionRef);
  const waveform = useWaveform(
    {
      songId: song.id,
      audioFileKey: song.audioFileKey,
      waveformFileKey: song.waveformFileKey,
      waveformUrl: song.waveformUrl ?? null,
    },
    { enabled: isNear },
  );
  const [dragFraction, setDragFraction] = useState<number | null>(null);

  const isCurrent = player.state.currentTrack?.id === song.id;
  const isPlaying = isCurrent && player.state.isPlaying;
  const duration =
    isCurrent && player.state.duration > 0 ? player.state.duration : waveformSeconds(waveform.data);
  const currentTime = isCurrent ? player.state.currentTime : 0;
  const progress = dragFraction ?? (duration > 0 ? currentTime / duration : 0);
  const canPlay = Boolean(song.audioFileKey);

  const track = (initialTime = 0): AudioTrack => ({
    id: song.id,
    title: song.title,
    artist: song.artist,
    audioFileKey: song.audioFileKey,
    waveform: waveform.data ?? null,
    initialTime,
    hasReviewed: song.hasReviewed,
    autoPlay: true,
  });

  const seekTo = (seconds: number) => {
    if (!canPlay) return;
    if (isCurrent) player.seek(seconds);
    else player.setTrack(track(Math.max(0, seconds)));
  };
  const skip = (delta: number) => {
    if (isCurrent) player.skip(delta);
    else seekTo(delta);
  };

  const fractionAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return rect.width > 0 ? Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)) : 0;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!canPlay || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragFraction(fractionAt(event));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragFraction !== null) setDragFraction(fractionAt(event));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragFraction === null) return;
    const fraction = fractionAt(event);
    setDragFraction(null);
    if (duration > 0) seekTo(fraction * duration);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') skip(-SKIP_SECONDS);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowUp') skip(SKIP_SECONDS);
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(Math.max(0, duration - 1));
    else return;
    event.preventDefault();
  };

  const overlay = waveform.isPending ? (
    <div role="status" className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">
      Loading waveform...
    </div>
  ) : waveform.isError ? (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 px-4 text-center">
      <p className="text-sm font-medium text-foreground">No Waveform Available</p>
      <p className="text-xs text-muted-foreground">{waveform.error.message}</p>
    </div>
  ) : null;

  return (
    <section
      ref={sectionRef}
      aria-label={`Player for ${song.title}`}
      className={cn('flex flex-col gap-3', className)}
    >
      <div
        role="slider"
        tabIndex={canPlay ? 0 : -1}
        aria-label={`Seek ${song.title}`}
        aria-valuemin={0}
        aria-valuemax={Math.floor(duration)}
        aria-valuenow={Math.floor(dragFraction !== null ? dragFraction * duration : currentTime)}
        aria-valuetext={`${formatTime(currentTime)} of ${formatTime(duration)}`}
        aria-disabled={!canPlay || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragFraction(null)}
        onKeyDown={onKeyDown}
        className="relative cursor-pointer touch-none overflow-hidden rounded-lg bg-muted/40 outline-none select-none focus-visible:ring-2 focus-visible:ring-ring"
        style={{ height }}
      >
        <WaveformCanvas data={waveform.data?.data} progress={progress} height={height} />
        {overlay}
      </div>
      <WaveformControls
        isPlaying={isPlaying}
        disabled={!canPlay}
        onSkip={skip}
        onPlay={() => player.playTrack(track(0))}
        currentTime={currentTime}
        duration={duration}
      >
        {onMarkUseless ? (
          <Button variant="outline" size="sm" className="ml-auto" onClick={onMarkUseless}>
            <Ban aria-hidden="true" />
            Mark as useless
          </Button>
        ) : null}
      </WaveformControls>
    </section>
  );
}
