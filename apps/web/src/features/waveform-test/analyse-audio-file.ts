import { type AudioType, looksLikeHtml, sniffAudioType } from '@music-review/core/audio-types';
import { validateWaveformData, type WaveformData, waveformErrorMessages } from '@music-review/core/waveform';
import { audioContextClass, channelsOf, generateInWorker } from '../player';

/** Everything the diagnostics page reports about one file. */
export interface AudioAnalysis {
  fileName: string;
  size: number;
  /** What the browser guessed from the name; not trusted, shown for comparison. */
  declaredType: string;
  /** By the file's first bytes (packages/core/src/audio-types.ts), or null when unrecognised. */
  detectedType: AudioType | null;
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  samplesPerPixel: number;
  bars: number;
  decodeMs: number;
  generateMs: number;
  waveform: WaveformData;
}

/** A failure in plain words, with the technical reason (the decoder's own message) apart. */
export class AudioAnalysisError extends Error {
  override readonly name = 'AudioAnalysisError';
  constructor(
    message: string,
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

/** The message of an Error or a DOMException (not an Error everywhere), else the value as text. */
function reasonOf(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  return (typeof message === 'string' ? message : String(error)) || null;
}

async function decode(buffer: ArrayBuffer, detectedType: AudioType | null): Promise<AudioBuffer> {
  const AudioContextClass = audioContextClass();
  if (!AudioContextClass) throw new AudioAnalysisError('This browser cannot decode audio.');
  const context = new AudioContextClass();
  try {
    return await context.decodeAudioData(buffer);
  } catch (error) {
    throw new AudioAnalysisError(
      detectedType
        ? `This browser could not decode the file. It starts like ${detectedType.toUpperCase()}, but it may be damaged or use an encoding this browser does not play.`
        : 'This browser could not decode the file as audio. Its first bytes match none of the audio formats we accept (WAV, AIFF, FLAC, MP3, AAC, M4A, Ogg).',
      reasonOf(error),
    );
  } finally {
    void context.close();
  }
}

/**
 * Reads a local file the way a song's audio is handled (spec sections 5 and 9): refused when
 * empty or an HTML page, typed by its first bytes, decoded by the browser, and turned into the
 * waveform in the Web Worker with the samples-per-pixel rule for its duration. Times the decoding
 * and the generation separately. Rejects with an AudioAnalysisError in plain words.
 */
export async function analyseAudioFile(file: File, now: () => number = () => performance.now()) {
  if (file.size === 0) {
    throw new AudioAnalysisError('The file is empty (0 bytes), so there is no audio to draw.');
  }
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch (error) {
    throw new AudioAnalysisError('The file could not be read from your device.', reasonOf(error));
  }
  // A view, not a copy; an ID3 tag with cover art can push the real header far in.
  const head = new Uint8Array(buffer);
  if (looksLikeHtml(head)) {
    throw new AudioAnalysisError(
      'This file is a web page (HTML), not audio. It may be an error page saved under an audio name.',
    );
  }
  const detectedType = sniffAudioType(head);

  const decodeStart = now();
  // decodeAudioData takes the buffer over (detaches it); nothing else reads it afterwards.
  const decoded = await decode(buffer, detectedType);
  const decodeMs = now() - decodeStart;
  if (decoded.length === 0 || decoded.numberOfChannels === 0) {
    throw new AudioAnalysisError('The file decoded to no audio at all (0 samples).');
  }

  const channels = channelsOf(decoded);
  const generateStart = now();
  let waveform: WaveformData;
  try {
    // The player's own worker, so this page measures exactly the code that builds every song's waveform.
    waveform = await generateInWorker({ channels, sampleRate: decoded.sampleRate });
  } catch (error) {
    const reason = reasonOf(error) ?? 'unknown error';
    throw new AudioAnalysisError(waveformErrorMessages.generationFailed(reason), reason);
  }
  const generateMs = now() - generateStart;
  try {
    // Spec section 5: a waveform is usable only with a non-empty data array.
    validateWaveformData(waveform);
  } catch {
    throw new AudioAnalysisError(
      `${waveformErrorMessages.invalidFormat}: the generated waveform has no data to draw.`,
    );
  }

  return {
    fileName: file.name,
    size: file.size,
    declaredType: file.type,
    detectedType,
    durationSeconds: decoded.duration,
    sampleRate: decoded.sampleRate,
    channels: decoded.numberOfChannels,
    samplesPerPixel: waveform.samples_per_pixel,
    bars: waveform.length,
    decodeMs,
    generateMs,
    waveform,
  } satisfies AudioAnalysis;
}
