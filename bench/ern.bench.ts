// DDEX ERN 4.3 (issue 15): building the NewReleaseMessage of a 20-track album with buildErn and
// validating it against DDEX's XSD with libxml2 (WebAssembly), separately and together; the schema
// is compiled once (timed on its own). Single-threaded CPU work: 200 runs after a warm-up of 20,
// median, p95 and p99 in milliseconds.
// Aim: build + validate under 200 ms.
// Usage: npm run bench -- ern (DDEX_ERN43_SCHEMA_DIR points at the XSD folder when not found beside
// the repository).
import { buildErn } from '@music-review/server/src/features/distribution/ern/ern-build.ts';
import type { ErnInput, ErnTrack } from '@music-review/server/src/features/distribution/ern/ern-types.ts';
import {
  createErnValidator,
  locateErnSchemaDir,
} from '@music-review/server/src/features/distribution/ern/ern-validate.ts';

const TRACKS = 20;
const WARM_UP = 20;
const RUNS = 200;

function album(): ErnInput {
  const label = { name: 'Northern Lights Records' };
  const artist = { name: 'The Harbour Lights', isni: '0000000123456789' };
  const tracks: ErnTrack[] = Array.from({ length: TRACKS }, (_, i) => {
    const isrc = `GBNLR25${String(i + 1).padStart(5, '0')}`;
    return {
      disc: i < 10 ? 1 : 2,
      number: i < 10 ? i + 1 : i - 9,
      isrc,
      title: `Song number ${i + 1} & friends`,
      version: i % 5 === 4 ? 'Live' : null,
      displayArtist: i % 4 === 2 ? 'The Harbour Lights feat. Maya Stone' : 'The Harbour Lights',
      artists: [
        { party: artist, role: 'primary' },
        ...(i % 4 === 2 ? [{ party: { name: 'Maya Stone' }, role: 'featured' as const }] : []),
      ],
      contributors: [
        { party: { name: 'Ana Writer', ipi: '00123456789' }, role: 'composer' },
        { party: { name: 'Leo Words' }, role: 'lyricist' },
        { party: { name: 'Sam Desk' }, role: 'producer' },
      ],
      durationSeconds: 180 + i * 7,
      explicit: i % 6 === 0,
      language: 'en',
      genre: null,
      subgenre: null,
      pLine: null,
      audio: {
        fileName: `${isrc}.wav`,
        md5: i.toString(16).padStart(32, '0'),
        bytes: 60_000_000,
        codec: 'WAV',
        channels: 2,
        sampleRate: 44_100,
        bitDepth: 24,
      },
    };
  });
  return {
    kind: 'new',
    messageId: 'BENCH-1',
    threadId: 'BENCH',
    createdAt: new Date('2025-05-01T09:30:00Z'),
    sender: { dpid: 'PADPIDA2024010101X', name: label.name },
    recipient: { dpid: 'PADPIDA2009101501Y', name: 'Example Store' },
    release: {
      title: 'Harbour Nights',
      version: 'Deluxe Edition',
      displayArtist: 'The Harbour Lights',
      type: 'album',
      upc: '012345678905',
      catalogueNumber: 'NLR-042',
      labelName: label.name,
      releaseDate: '2025-06-06',
      originalReleaseDate: null,
      pLine: { year: 2025, owner: label.name },
      cLine: { year: 2025, owner: label.name },
      genre: 'Alternative',
      subgenre: 'Indie Rock',
      artists: [{ party: artist, role: 'primary' }],
      artwork: {
        fileName: 'cover.jpg',
        md5: 'fedcba9876543210fedcba9876543210',
        bytes: 6_000_000,
        mime: 'image/jpeg',
        width: 3000,
        height: 3000,
      },
    },
    tracks,
    deal: {
      territories: { excludeFromWorldwide: ['CN', 'RU'] },
      startDate: '2025-06-06',
      preOrderDate: '2025-05-23',
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

function main() {
  const schemaDir = locateErnSchemaDir();
  if (!schemaDir) throw new Error('DDEX ERN 4.3 schema not found: set DDEX_ERN43_SCHEMA_DIR');

  const compileStart = performance.now();
  const validator = createErnValidator(schemaDir);
  const compileMs = performance.now() - compileStart;

  const input = album();
  const build: number[] = [];
  const validate: number[] = [];
  const both: number[] = [];
  let bytes = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const t0 = performance.now();
    const xml = buildErn(input);
    const t1 = performance.now();
    const result = validator.validate(xml);
    const t2 = performance.now();
    if (!result.valid)
      throw new Error(`The benchmark's message is invalid: ${JSON.stringify(result.errors)}`);
    bytes = Buffer.byteLength(xml);
    if (run < WARM_UP) continue;
    build.push(t1 - t0);
    validate.push(t2 - t1);
    both.push(t2 - t0);
  }
  validator.dispose();

  console.info(
    `\nDDEX ERN 4.3: a ${TRACKS}-track album (${(bytes / 1024).toFixed(0)} KiB of XML), ${RUNS} runs after ` +
      `${WARM_UP} warm-up runs, Node ${process.version}\n`,
  );
  console.info(`Schema compile (once): ${compileMs.toFixed(0)} ms\n`);
  console.info('| step | median ms | p95 ms | p99 ms |');
  console.info('| --- | ---: | ---: | ---: |');
  for (const [name, samples] of [
    ['buildErn', build],
    ['validate (parse + XSD)', validate],
    ['build + validate', both],
  ] as const) {
    const s = summary(samples);
    console.info(`| ${name} | ${s.median.toFixed(2)} | ${s.p95.toFixed(2)} | ${s.p99.toFixed(2)} |`);
  }
  const total = summary(both);
  console.info(
    `\nAim: build + validate under 200 ms: ${total.p99 < 200 ? 'met' : 'NOT met'} (p99 ${total.p99.toFixed(1)} ms)`,
  );
}

main();
