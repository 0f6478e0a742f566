/**
 * Waveform data (spec sections 3, 4, 5, 8 and 9): the file format, its generation from decoded
 * audio, validation of loaded files, and the derived storage key. Pure and allocation-light so it
 * runs in a browser Web Worker as well as on the server: no DOM, no Node APIs, and no zod (the
 * strict schema lives in waveform-schema.ts, so the worker's bundle stays a few kilobytes).
 */
/**
 * Our waveform file (spec section 3, "waveform data file"): version 1, 8 bits, `length` pixels, each
 * a (min, max) pair, so `data` holds 2 x length values, integers 0-255 with silence at 128. The
 * layout resembles BBC audiowaveform's JSON but it is NOT that format: audiowaveform's 8-bit values
 * are signed (-128..127), so BBC tools (waveform-data, peaks.js) misread these files. Convert with
 * toAudiowaveform (the API serves it as GET /api/v1/songs/{id}/waveform?format=audiowaveform).
 */
export interface WaveformData {
  version: 1;
  channels?: 1;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8;
  length: number;
  data: number[];
}

/** Spec section 8: the waveform errors shown inline, exact texts. */
export const waveformErrorMessages = {
  loadFailed: (status: number | string) => `Failed to load waveform data: ${status}`,
  invalidFormat: 'Invalid waveform data format',
  noAudioFilename: 'Could not determine audio filename',
  noWaveformKey: 'Could not determine waveform JSON key',
  generationFailed: (reason: string) => `Waveform generation failed: ${reason}`,
} as const;

// ---------- Samples per pixel (spec section 9) ----------

export const DEFAULT_SAMPLES_PER_PIXEL = 4410;
export const MIN_SAMPLES_PER_PIXEL = 1000;
export const MAX_SAMPLES_PER_PIXEL = 10000;
/** Below this duration (seconds) the resolution doubles: half the samples per pixel. */
export const SHORT_AUDIO_SECONDS = 30;
/** Above this duration (seconds) the resolution halves: twice the samples per pixel. */
export const LONG_AUDIO_SECONDS = 300;

/**
 * Spec section 9: the default (4410) for 30 to 300 s inclusive; halved, but not below 1000, under
 * 30 s; doubled, but not above 10000, over 300 s. With the default base the bounds do not bite
 * (2205 and 8820); they matter for another base.
 */
export function samplesPerPixelFor(durationSeconds: number, base = DEFAULT_SAMPLES_PER_PIXEL): number {
  if (Number.isNaN(durationSeconds) || durationSeconds < 0) {
    throw new RangeError(`Audio duration must be a number >= 0, got ${durationSeconds}`);
  }
  if (durationSeconds < SHORT_AUDIO_SECONDS) return Math.max(MIN_SAMPLES_PER_PIXEL, Math.floor(base / 2));
  if (durationSeconds > LONG_AUDIO_SECONDS) return Math.min(MAX_SAMPLES_PER_PIXEL, base * 2);
  return base;
}

// ---------- Generation ----------

export interface WaveformOptions {
  /** Fixed samples per pixel; by default samplesPerPixelFor(the audio's duration). */
  samplesPerPixel?: number;
  /**
   * Scale so the track's loudest sample reaches full scale (default true). A quiet demo then still
   * draws a full-height waveform; the picture shows shape, not loudness. Audio whose peak is below
   * NORMALIZE_FLOOR is left unscaled, so near-silence and dither noise stay a flat line.
   */
  normalize?: boolean;
}

/** -60 dBFS: quieter than this the track is treated as silence and not amplified. */
export const NORMALIZE_FLOOR = 0.001;

/**
 * The 8-bit mapping: v in -1..1 to round((v + 1) / 2 x 255), halves rounded up, v clamped to
 * -1..1 first. So -1 -> 0, +1 -> 255, and silence (0) -> 128 (127.5 rounds up). NaN is drawn
 * as silence.
 */
export function toByte(v: number): number {
  if (Number.isNaN(v)) return 128;
  return Math.round((Math.min(1, Math.max(-1, v)) + 1) * 127.5);
}

/**
 * Builds the waveform of decoded audio: the channels mixed to mono by averaging, then for each
 * block of samples_per_pixel samples (the last, partial block included) its minimum and maximum,
 * optionally normalised to the track's peak, mapped to 0-255 by toByte. length is
 * ceil(samples / samples_per_pixel).
 *
 * One pass over the samples with no allocation per sample: per-pixel minima and maxima go into
 * two typed arrays, then a pass over the pixels (thousands of times fewer) scales and quantises.
 * NaN samples are skipped; a block with no number in it is drawn as silence.
 */
export function generateWaveform(
  channels: readonly Float32Array[],
  sampleRate: number,
  options: WaveformOptions = {},
): WaveformData {
  const first = channels[0];
  if (!first) throw new RangeError('Audio has no channels');
  const n = first.length;
  for (const channel of channels) {
    if (channel.length !== n) throw new RangeError('Audio channels differ in length');
  }
  if (!(sampleRate > 0) || !Number.isFinite(sampleRate)) {
    throw new RangeError(`Sample rate must be a positive number, got ${sampleRate}`);
  }
  if (n === 0) throw new RangeError('Audio has no samples');
  const spp = options.samplesPerPixel ?? samplesPerPixelFor(n / sampleRate);
  if (!Number.isInteger(spp) || spp < 1) {
    throw new RangeError(`Samples per pixel must be a whole number >= 1, got ${spp}`);
  }

  const length = Math.ceil(n / spp);
  const mins = new Float64Array(length);
  const maxs = new Float64Array(length);
  const second = channels[1];
  if (channels.length === 1) minMaxMono(first, spp, mins, maxs);
  else if (channels.length === 2 && second) minMaxStereo(first, second, spp, mins, maxs);
  else minMaxMixed(channels, spp, mins, maxs);

  let peak = 0;
  for (let p = 0; p < length; p++) {
    // A block with only NaN samples kept lo = +Infinity and hi = -Infinity: draw it as silence.
    if (mins[p]! > maxs[p]!) {
      mins[p] = 0;
      maxs[p] = 0;
    }
    const a = Math.abs(mins[p]!);
    const b = Math.abs(maxs[p]!);
    // An infinite sample (never from a real decoder) would scale everything else to 0; it is
    // left out of the peak and clamped to full scale instead.
    if (a > peak && a !== Number.POSITIVE_INFINITY) peak = a;
    if (b > peak && b !== Number.POSITIVE_INFINITY) peak = b;
  }
  // Dividing (not multiplying by 1 / peak) so the peak itself maps to exactly +-1.
  const divisor = (options.normalize ?? true) && peak >= NORMALIZE_FLOOR ? peak : 1;

  const data = new Array<number>(2 * length);
  for (let p = 0; p < length; p++) {
    data[2 * p] = toByte(mins[p]! / divisor);
    data[2 * p + 1] = toByte(maxs[p]! / divisor);
  }
  return { version: 1, sample_rate: sampleRate, samples_per_pixel: spp, bits: 8, length, data };
}

function minMaxMono(x: Float32Array, spp: number, mins: Float64Array, maxs: Float64Array): void {
  const n = x.length;
  for (let p = 0, start = 0; start < n; p++, start += spp) {
    const end = Math.min(start + spp, n);
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = start; i < end; i++) {
      const v = x[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    mins[p] = lo;
    maxs[p] = hi;
  }
}

function minMaxStereo(
  left: Float32Array,
  right: Float32Array,
  spp: number,
  mins: Float64Array,
  maxs: Float64Array,
): void {
  const n = left.length;
  for (let p = 0, start = 0; start < n; p++, start += spp) {
    const end = Math.min(start + spp, n);
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = start; i < end; i++) {
      const v = left[i]! + right[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    // Halving is exact and keeps the order, so it moves out of the per-sample loop.
    mins[p] = lo * 0.5;
    maxs[p] = hi * 0.5;
  }
}

// Three or more channels: each block is summed channel by channel into one scratch buffer
// (sequential reads per channel), then scanned for its minimum and maximum.
function minMaxMixed(
  channels: readonly Float32Array[],
  spp: number,
  mins: Float64Array,
  maxs: Float64Array,
): void {
  const n = channels[0]!.length;
  const count = channels.length;
  const scratch = new Float64Array(spp);
  for (let p = 0, start = 0; start < n; p++, start += spp) {
    const size = Math.min(spp, n - start);
    scratch.fill(0, 0, size);
    for (const channel of channels) {
      for (let j = 0; j < size; j++) scratch[j]! += channel[start + j]!;
    }
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < size; j++) {
      const v = scratch[j]! / count;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    mins[p] = lo;
    maxs[p] = hi;
  }
}

// ---------- BBC audiowaveform ----------

/** BBC audiowaveform's JSON, version 2, one channel, 8 bits: (min, max) pairs of signed bytes. */
export interface AudiowaveformJson {
  version: 2;
  channels: 1;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8;
  length: number;
  data: number[];
}

/**
 * Our file in BBC audiowaveform's JSON (decision 0018). Our bytes are offset binary (toByte: -1 ->
 * 0, silence -> 128, +1 -> 255); audiowaveform's are two's complement (-128..127, silence 0), so
 * each value v becomes v - 128: the same amplitude on the same 8-bit grid, nothing rounded again,
 * and a pixel's min stays at or below its max. Expects a file of our format (waveformDataSchema).
 */
export function toAudiowaveform(waveform: WaveformData): AudiowaveformJson {
  return {
    version: 2,
    channels: 1,
    sample_rate: waveform.sample_rate,
    samples_per_pixel: waveform.samples_per_pixel,
    bits: 8,
    length: waveform.length,
    data: waveform.data.map((v) => v - 128),
  };
}

// ---------- Validation ----------

/** What a loaded waveform file is guaranteed to have once validated: data, and nothing else. */
export interface LoadedWaveform {
  data: number[];
  version?: number;
  sample_rate?: number;
  samples_per_pixel?: number;
  bits?: number;
  length?: number;
}

/**
 * Spec section 5: a loaded waveform is valid only if `data` is a non-empty array; we also require
 * its items to be finite numbers, since drawing needs them. The other fields are kept when they
 * are numbers and are not required, so files written by older versions still load. Throws
 * Error('Invalid waveform data format') otherwise.
 */
export function validateWaveformData(value: unknown): LoadedWaveform {
  const invalid = () => new Error(waveformErrorMessages.invalidFormat);
  if (typeof value !== 'object' || value === null) throw invalid();
  const record = value as Record<string, unknown>;
  const data = record.data;
  if (!Array.isArray(data) || data.length === 0) throw invalid();
  for (const item of data) {
    if (typeof item !== 'number' || !Number.isFinite(item)) throw invalid();
  }
  const result: LoadedWaveform = { data: data as number[] };
  for (const field of ['version', 'sample_rate', 'samples_per_pixel', 'bits', 'length'] as const) {
    const v = record[field];
    if (typeof v === 'number' && Number.isFinite(v)) result[field] = v;
  }
  return result;
}

// ---------- Keys ----------

/**
 * The file name at the end of an audio key or URL (query and fragment dropped, percent-escapes
 * decoded), or null when there is none; the caller then shows waveformErrorMessages.noAudioFilename.
 */
export function audioFilename(keyOrUrl: string): string | null {
  const path = keyOrUrl.split(/[?#]/, 1)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === '' || name === '.' || name === '..') return null;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * Spec section 4: the derived waveform key is the audio key with its extension replaced by .json
 * ('org/audio/id/demo.mp3' -> 'org/audio/id/demo.json'); a file name without an extension gets
 * .json appended. A dot that starts the file name ('.mp3') is not an extension. Null, shown as
 * waveformErrorMessages.noWaveformKey, when the key has no file name, or when it already ends in
 * .json (the waveform would overwrite the key it came from).
 */
export function waveformKeyForAudio(audioKey: string): string | null {
  const slash = audioKey.lastIndexOf('/');
  const name = audioKey.slice(slash + 1);
  if (name === '' || name === '.' || name === '..') return null;
  if (name.toLowerCase().endsWith('.json')) return null;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${audioKey.slice(0, slash + 1)}${stem}.json`;
}

/**
 * Spec section 5: a derived waveform is uploaded only if its key has at least 4 path parts
 * (organization, type, id, filename). We count non-empty parts only, refuse '.' and '..' parts,
 * and require the .json name, so a malformed key can never overwrite something else.
 */
export function canUploadDerivedWaveform(key: string): boolean {
  const parts = key.split('/');
  if (parts.length < 4) return false;
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return false;
  return key.toLowerCase().endsWith('.json');
}
