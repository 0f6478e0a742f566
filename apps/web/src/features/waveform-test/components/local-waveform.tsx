import type { WaveformData } from '@music-review/core/waveform';
import type { MouseEvent } from 'react';
import { usePlayer } from '../../../lib/audio/player-context';
import type { AudioTrack } from '../../../lib/audio/player-state';
import { useIsDesktop } from '../../../lib/use-media-query';
import {
  WAVEFORM_HEIGHT_DESKTOP,
  WAVEFORM_HEIGHT_MOBILE,
  WaveformCanvas,
  WaveformControls,
} from '../../player';

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
        <WaveformCanvas
          data={waveform.data}
          progress={progress}
          height={height}
          role="img"
          aria-label={`Waveform of ${title}`}
          onClick={onCanvasClick}
          className="cursor-pointer"
        />
      </div>
      <WaveformControls
        isPlaying={isPlaying}
        onSkip={(delta) => (isCurrent ? player.skip(delta) : seekTo(delta))}
        onPlay={() => player.playTrack(track(0))}
        currentTime={currentTime}
        duration={duration}
      />
    </section>
  );
}
