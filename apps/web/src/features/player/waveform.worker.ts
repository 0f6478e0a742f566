/// <reference lib="webworker" />
import { generateWaveform, samplesPerPixelFor } from '@music-review/core/waveform';

/** Decoded channels in, the waveform out: the heavy loop stays off the main thread. */
export interface WaveformWorkerRequest {
  channels: Float32Array[];
  sampleRate: number;
}

export type WaveformWorkerResponse =
  | { ok: true; waveform: ReturnType<typeof generateWaveform> }
  | { ok: false; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<WaveformWorkerRequest>) => {
  const { channels, sampleRate } = event.data;
  try {
    const duration = (channels[0]?.length ?? 0) / sampleRate;
    const waveform = generateWaveform(channels, sampleRate, {
      samplesPerPixel: samplesPerPixelFor(duration),
    });
    scope.postMessage({ ok: true, waveform } satisfies WaveformWorkerResponse);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ ok: false, message } satisfies WaveformWorkerResponse);
  }
};
