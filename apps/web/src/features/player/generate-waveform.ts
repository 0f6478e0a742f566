import { isUsableAudioBlob } from '@music-review/core/audio-types';
import type { WaveformData } from '@music-review/core/waveform';
import type { WaveformWorkerRequest, WaveformWorkerResponse } from './waveform.worker';

export const AUDIO_READ_FAILED = 'Failed to read audio file';

/** The browser's Web Audio context class (prefixed in older Safari), or undefined without one. */
export function audioContextClass(): typeof AudioContext | undefined {
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  );
}

/**
 * Runs generateWaveform in a Web Worker (ARCHITECTURE section 7) on decoded channels: the one
 * worker every waveform is built in, also timed on its own by the Waveform Test page.
 */
export function generateInWorker(request: WaveformWorkerRequest): Promise<WaveformData> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./waveform.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WaveformWorkerResponse>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.waveform);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The waveform worker stopped'));
    };
    // The channel buffers are transferred, not copied.
    worker.postMessage(
      request,
      request.channels.map((channel) => channel.buffer as ArrayBuffer),
    );
  });
}

/** Copies of a decoded buffer's channels, ready to be transferred to the worker. */
export function channelsOf(decoded: AudioBuffer): Float32Array[] {
  const channels: Float32Array[] = [];
  for (let i = 0; i < decoded.numberOfChannels; i++) channels.push(decoded.getChannelData(i).slice());
  return channels;
}

/** A decoded file's waveform, and its duration in seconds. */
export interface GeneratedWaveform {
  waveform: WaveformData;
  durationSeconds: number;
}

/**
 * Decodes audio bytes and builds the waveform off the main thread. The buffer is handed to the
 * decoder (some browsers detach it), so pass one the caller no longer needs.
 */
export async function generateWaveformFromBuffer(buffer: ArrayBuffer): Promise<GeneratedWaveform> {
  const AudioContextClass = audioContextClass();
  if (!AudioContextClass) throw new Error('This browser cannot decode audio');
  const context = new AudioContextClass();
  try {
    const decoded = await context.decodeAudioData(buffer);
    const waveform = await generateInWorker({
      channels: channelsOf(decoded),
      sampleRate: decoded.sampleRate,
    });
    return { waveform, durationSeconds: decoded.duration };
  } finally {
    void context.close();
  }
}

/** A chosen local file's waveform (Add Tracks, the artist's revision upload), read into memory. */
export async function generateWaveformFromFile(file: Blob): Promise<GeneratedWaveform> {
  return generateWaveformFromBuffer(await file.arrayBuffer());
}

/**
 * Fetches the audio from a signed URL, checks it is audio (spec section 5: non-empty, not HTML),
 * decodes it and builds the waveform off the main thread.
 */
export async function generateWaveformFromUrl(url: string): Promise<WaveformData> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(AUDIO_READ_FAILED);
  const buffer = await response.arrayBuffer();
  if (!isUsableAudioBlob(new Uint8Array(buffer))) throw new Error(AUDIO_READ_FAILED);
  return (await generateWaveformFromBuffer(buffer)).waveform;
}
