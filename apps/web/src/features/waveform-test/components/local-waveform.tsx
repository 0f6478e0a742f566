import type { WaveformData } from '@music-review/core/waveform';
import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatTime } from '../../../lib/audio/format-time';
import { SKIP_SECONDS, usePlayer } from '../../../lib/audio/player-context';
import type { AudioTrack } from '../../../lib/audio/player-state';
import { useIsDesktop } from '../../../lib/use-media-query';
import { drawWaveform } from '../../player/components/draw-waveform';
import { WAVEFORM_HEIGHT_DESKTOP, WAVEFORM_HEIGHT_MOBILE } from '../../player/components/waveform-player';

function readColor(element: Element, name: string, fallback: string) {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/**
 * A generated waveform drawn exactly as the song player draws it (same drawing code, same
 * heights), playing the local file through the global player from an object URL.
 */
export function LocalWaveform({
  trackId,
  title,
  url,
  waveform,
  durationSeconds,
}: {
  trackId: string;
  title: string;
  url: string;
  waveform: WaveformData;
  durationSeconds: number;
}) {
  const player = usePlayer();
  const height = useIsDesktop() ? WAVEFORM_HEIGHT_DESKTOP : WAVEFORM_HEIGHT_MOBILE;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);

  const isCurrent = player.state.currentTrack?.id === trackId;
  const isPlaying = isCurrent && player.state.isPlaying;
  const duration = isCurrent && player.state.duration > 0 ? player.state.duration : durationSeconds;
  const currentTime = isCurrent ? player.state.currentTime : 0;
  const progress = duration > 0 ? currentTime / duration : 0;

  const track = (initialTime = 0): AudioTrack => ({
    id: trackId,
    title,
    artist: null,
    url,
    waveform,
    initialTime,
    hasReviewed: true,
    autoPlay: true,
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = () => setWidth(canvas.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !(width > 0)) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawWaveform(context, width, height, waveform.data, progress, {
      played: readColor(canvas, '--primary', '#7c3aed'),
      unplayed: readColor(canvas, '--waveform-unplayed', '#888'),
    });
  }, [waveform, progress, width, height]);

  const seekTo = (seconds: number) => {
    const target = Math.max(0, seconds);
    if (isCurrent) player.seek(target);
    else player.setTrack(track(target));
  };
  const onCanvasClick = (event: MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width > 0 && duration > 0) seekTo(((event.clientX - rect.left) / rect.width) * duration);
  };

  return (
    <section aria-label={`Player for ${title}`} className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-lg bg-muted/40" style={{ height }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Waveform of ${title}`}
          onClick={onCanvasClick}
          className="block w-full cursor-pointer"
          style={{ height }}
        />
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Skip back 10 seconds"
          onClick={() => (isCurrent ? player.skip(-SKIP_SECONDS) : seekTo(0))}
        >
          <SkipBack aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          className="rounded-full"
          aria-label={isPlaying ? 'Pause' : 'Play'}
          onClick={() => player.playTrack(track(0))}
        >
          {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Skip forward 10 seconds"
          onClick={() => (isCurrent ? player.skip(SKIP_SECONDS) : seekTo(SKIP_SECONDS))}
        >
          <SkipForward aria-hidden="true" />
        </Button>
        <span className="ml-2 text-xs tabular-nums text-muted-foreground">
          {formatTime(currentTime)} / {formatTime(duration)}
        </span>
      </div>
    </section>
  );
}
