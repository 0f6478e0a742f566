/**
 * Where the sound starts and ends in decoded audio, measured as it streams by. A frame (one sample
 * per channel) is silent when every channel's magnitude is below the threshold; the leading silence
 * runs to the first frame that is not, the trailing silence from the last such frame to the end.
 * Stores refuse masters with more than 10 s of either (DOMAIN.md, "Distribution").
 */

/** Stores' usual limit: -60 dBFS, a magnitude of 0.001 of full scale. */
export const DEFAULT_SILENCE_DBFS = -60;

/** The magnitude (0-1 of full scale) below which a sample counts as silence. */
export function silenceThreshold(dbfs: number): number {
  return 10 ** (dbfs / 20);
}

/** How samples are stored in interleaved PCM bytes. */
export interface PcmFormat {
  channels: number;
  /** 1-4 for integers (8-bit is unsigned in WAV, signed in AIFF), 4 or 8 for floats. */
  bytesPerSample: number;
  kind: 'int' | 'uint8' | 'float';
  littleEndian: boolean;
}

export interface SilenceMeasure {
  durationSeconds: number;
  leadingSilenceSeconds: number;
  trailingSilenceSeconds: number;
  frames: number;
}

/** Whether the frame starting at byte `at` has a sample at or above the threshold. */
type FrameProbe = (bytes: Uint8Array, view: DataView, at: number) => boolean;

function frameProbe(format: PcmFormat, threshold: number): FrameProbe {
  const { channels, bytesPerSample: size, kind, littleEndian: le } = format;
  if (kind === 'float') {
    const read =
      size === 8
        ? (v: DataView, at: number) => v.getFloat64(at, le)
        : (v: DataView, at: number) => v.getFloat32(at, le);
    return (_b, v, at) => {
      for (let c = 0; c < channels; c++) {
        if (Math.abs(read(v, at + c * size)) >= threshold) return true;
      }
      return false;
    };
  }
  // Integers are compared at their container's full scale: 24 valid bits in a 32-bit container sit
  // in the top bits, so the container's scale is the right one.
  const limit = threshold * 2 ** (size * 8 - 1);
  let read: (b: Uint8Array, at: number) => number;
  if (kind === 'uint8') read = (b, at) => b[at]! - 128;
  else if (size === 1) read = (b, at) => (b[at]! << 24) >> 24;
  else if (size === 2) {
    read = le
      ? (b, at) => ((b[at]! | (b[at + 1]! << 8)) << 16) >> 16
      : (b, at) => ((b[at + 1]! | (b[at]! << 8)) << 16) >> 16;
  } else if (size === 3) {
    read = le
      ? (b, at) => ((b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) << 8) >> 8
      : (b, at) => ((b[at + 2]! | (b[at + 1]! << 8) | (b[at]! << 16)) << 8) >> 8;
  } else {
    read = le
      ? (b, at) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)
      : (b, at) => b[at + 3]! | (b[at + 2]! << 8) | (b[at + 1]! << 16) | (b[at]! << 24);
  }
  return (b, _v, at) => {
    for (let c = 0; c < channels; c++) {
      const s = read(b, at + c * size);
      if (s >= limit || s <= -limit) return true;
    }
    return false;
  };
}

/**
 * Counts frames and remembers the first and last frame with sound. Each block is scanned forward
 * only until the first sound is found, then backward from its end to the last sound: in music both
 * stop after a few samples, so only silence is read in full.
 */
export class SilenceTracker {
  private frames = 0;
  private first = -1;
  private last = -1;
  private readonly threshold: number;

  constructor(
    readonly sampleRate: number,
    silenceDbfs: number = DEFAULT_SILENCE_DBFS,
  ) {
    this.threshold = silenceThreshold(silenceDbfs);
  }

  private record(count: number, isLoud: (i: number) => boolean): void {
    const base = this.frames;
    this.frames += count;
    let from = 0;
    if (this.first < 0) {
      while (from < count && !isLoud(from)) from++;
      if (from === count) return;
      this.first = base + from;
      this.last = base + from;
      from++;
    }
    for (let i = count - 1; i >= from; i--) {
      if (isLoud(i)) {
        this.last = base + i;
        return;
      }
    }
  }

  private probes = new WeakMap<PcmFormat, FrameProbe>();

  /** `count` whole frames of interleaved PCM starting at byte `offset`. */
  addInterleaved(bytes: Uint8Array, offset: number, count: number, format: PcmFormat): void {
    let probe = this.probes.get(format);
    if (!probe) {
      probe = frameProbe(format, this.threshold);
      this.probes.set(format, probe);
    }
    const p = probe;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const frameBytes = format.channels * format.bytesPerSample;
    this.record(count, (i) => p(bytes, view, offset + i * frameBytes));
  }

  /** `count` frames of decoded audio, one array per channel, -1 to 1. */
  addPlanar(channels: readonly Float32Array[], count: number): void {
    const t = this.threshold;
    this.record(count, (i) => {
      for (const channel of channels) {
        const s = channel[i]!;
        if (s >= t || s <= -t) return true;
      }
      return false;
    });
  }

  get frameCount(): number {
    return this.frames;
  }

  measure(): SilenceMeasure {
    const rate = this.sampleRate;
    const frames = this.frames;
    const isSilent = this.first < 0;
    return {
      durationSeconds: frames / rate,
      leadingSilenceSeconds: (isSilent ? frames : this.first) / rate,
      trailingSilenceSeconds: (isSilent ? frames : frames - 1 - this.last) / rate,
      frames,
    };
  }
}
