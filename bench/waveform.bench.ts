// Throughput of generateWaveform (packages/core/src/waveform.ts) on a 4-minute 44.1 kHz stereo
// track, beside the floor: reading every decoded sample once (summing them). CPU-bound and
// single-threaded, so CPU time (process.cpuUsage) and wall time are both shown; each figure is the
// best of 5 runs after a warm-up, so the JIT has compiled the loops.
// Usage: npm run bench -- waveform
import { generateWaveform } from '@music-review/core/waveform';

const SAMPLE_RATE = 44_100;
const SECONDS = 240;
const RUNS = 5;

/** mulberry32: a small seeded generator, so every run measures the same audio. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Two channels of a mix of sines (a chord and a bass line) with noise, peaking below full scale. */
function synthesise(): [Float32Array, Float32Array] {
  const n = SAMPLE_RATE * SECONDS;
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  const random = seededRandom(42);
  const tau = 2 * Math.PI;
  for (let i = 0; i < n; i++) {
    const t = i / SAMPLE_RATE;
    const envelope = 0.6 + 0.4 * Math.sin(tau * 0.25 * t);
    const chord =
      Math.sin(tau * 220 * t) + 0.6 * Math.sin(tau * 277.18 * t) + 0.5 * Math.sin(tau * 329.63 * t);
    const bass = 0.8 * Math.sin(tau * 55 * t);
    const noise = random() - 0.5;
    left[i] = 0.25 * envelope * (chord + bass) + 0.05 * noise;
    right[i] = 0.25 * envelope * (0.8 * chord + bass) + 0.05 * (random() - 0.5);
  }
  return [left, right];
}

interface Timing {
  cpuMs: number;
  wallMs: number;
}

function measure(work: () => unknown): Timing {
  work(); // warm-up
  let best: Timing = { cpuMs: Number.POSITIVE_INFINITY, wallMs: Number.POSITIVE_INFINITY };
  for (let run = 0; run < RUNS; run++) {
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    work();
    const wallMs = performance.now() - wallStart;
    const cpu = process.cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    best = { cpuMs: Math.min(best.cpuMs, cpuMs), wallMs: Math.min(best.wallMs, wallMs) };
  }
  return best;
}

// Keeps the results alive so the JIT cannot drop the work.
let sink = 0;

function sumEverySample(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += left[i]! + right[i]!;
  return sum;
}

function main() {
  const [left, right] = synthesise();
  const rows: [string, Timing][] = [
    ['read every sample once (sum), the floor', measure(() => (sink += sumEverySample(left, right)))],
    [
      'generateWaveform (normalised, the default)',
      measure(() => (sink += generateWaveform([left, right], SAMPLE_RATE).length)),
    ],
    [
      'generateWaveform (normalize: false)',
      measure(() => (sink += generateWaveform([left, right], SAMPLE_RATE, { normalize: false }).length)),
    ],
    [
      'generateWaveform (mono: left channel only)',
      measure(() => (sink += generateWaveform([left], SAMPLE_RATE).length)),
    ],
  ];
  const floor = rows[0]![1];
  const w = generateWaveform([left, right], SAMPLE_RATE);

  console.info(
    `\nWaveform generation: ${SECONDS} s of 44.1 kHz stereo (${left.length * 2} float samples), ` +
      `${w.samples_per_pixel} samples per pixel, ${w.length} pixels; best of ${RUNS} runs, Node ${process.version}\n`,
  );
  console.info('| step | CPU ms | wall ms | x real time (CPU) | vs floor |');
  console.info('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, t] of rows) {
    const realTime = (SECONDS * 1000) / t.cpuMs;
    const vsFloor = t.cpuMs / floor.cpuMs;
    console.info(
      `| ${name} | ${t.cpuMs.toFixed(1)} | ${t.wallMs.toFixed(1)} | ${Math.round(realTime)} | ${vsFloor.toFixed(2)}x |`,
    );
  }
  if (!Number.isFinite(sink)) console.info('(sink)');
}

main();
