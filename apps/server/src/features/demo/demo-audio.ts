// Synthesised demo tracks: real, playable audio made at seed time (no files shipped), so the demo
// label has songs of different tempos, timbres and lengths to listen to and review.

export const DEMO_SAMPLE_RATE = 22_050;

export type Timbre = 'sine' | 'square' | 'saw' | 'pluck';

export interface TrackRecipe {
  seconds: number;
  bpm: number;
  timbre: Timbre;
  /** Root note of the progression, as a MIDI note number. */
  root: number;
  seed: number;
}

const midiToHz = (n: number) => 440 * 2 ** ((n - 69) / 12);
const PROGRESSION = [0, 5, 7, 3]; // I - IV - V - bIII, one chord a bar

function oscillator(timbre: Timbre, phase: number): number {
  const p = phase - Math.floor(phase);
  switch (timbre) {
    case 'sine':
      return Math.sin(2 * Math.PI * p);
    case 'square':
      return p < 0.5 ? 0.6 : -0.6;
    case 'saw':
      return 2 * p - 1;
    case 'pluck':
      return Math.sin(2 * Math.PI * p) * 0.7 + Math.sin(4 * Math.PI * p) * 0.3;
  }
}

/**
 * A mono track: kick on every beat, a hi-hat on off-beats, bass and a chord pad over a four-bar
 * progression. The four-bar loop is synthesised once and repeated to the track's length (that is how
 * such demos are made, and it keeps seeding a catalogue to a fraction of a second per track).
 */
export function synthesizeTrack(recipe: TrackRecipe): Float32Array {
  const rate = DEMO_SAMPLE_RATE;
  const out = new Float32Array(Math.round(recipe.seconds * rate));
  const beat = 60 / recipe.bpm;
  const loop = new Float32Array(Math.min(out.length, Math.round(beat * 4 * PROGRESSION.length * rate)));
  let noise = recipe.seed >>> 0 || 1;
  const rand = () => {
    noise ^= noise << 13;
    noise ^= noise >>> 17;
    noise ^= noise << 5;
    return ((noise >>> 0) / 4294967296) * 2 - 1;
  };
  for (let i = 0; i < loop.length; i++) {
    const t = i / rate;
    const beatPos = t / beat;
    const inBeat = (beatPos - Math.floor(beatPos)) * beat;
    const bar = Math.floor(beatPos / 4);
    const chordRoot = recipe.root + (PROGRESSION[bar % PROGRESSION.length] ?? 0);
    // Kick: a falling sine with a fast decay.
    const kick =
      inBeat < 0.25
        ? Math.sin(2 * Math.PI * (50 + 90 * Math.exp(-inBeat * 30)) * inBeat) * Math.exp(-inBeat * 12)
        : 0;
    // Hi-hat on the off-beat.
    const off = inBeat - beat / 2;
    const hat = off > 0 && off < 0.05 ? rand() * Math.exp(-off * 90) * 0.25 : 0;
    // Bass on the chord root, pad on the triad.
    const bass = oscillator('sine', midiToHz(chordRoot - 12) * t) * 0.35;
    const pad =
      (oscillator(recipe.timbre, midiToHz(chordRoot) * t) +
        oscillator(recipe.timbre, midiToHz(chordRoot + 4) * t) +
        oscillator(recipe.timbre, midiToHz(chordRoot + 7) * t)) *
      0.12;
    loop[i] = kick * 0.8 + hat + bass + pad;
  }
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    // Fade in and out over a second so tracks do not click.
    const fade = Math.min(1, t, recipe.seconds - t);
    const v = (loop[i % loop.length] ?? 0) * fade;
    out[i] = v > 1 ? 1 : Math.max(v, -1);
  }
  return out;
}

/** 16-bit PCM mono WAV. */
export function encodeWav(samples: Float32Array, sampleRate = DEMO_SAMPLE_RATE): Buffer {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i] ?? 0;
    pcm[i] = Math.round((v > 1 ? 1 : Math.max(v, -1)) * 32767);
  }
  // WAV is little-endian, as is every machine this runs on (x86, ARM).
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
