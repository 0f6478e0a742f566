// Analytics on PostgreSQL (issue 17, decision 0030): every analytics request at 20 connections over
// 10,000,000 statement lines of 3 years and 20,000 recordings, and the rollups rebuilt for one import
// of 1,000,000 lines.
//
// The data (deterministic: a seeded generator, ids from md5 of their number): a label on the Label
// plan with 1,200 artists, 20,000 recordings on about 5,000 releases (singles, EPs, albums, and
// "best of" compilations; 70 % released before the 3 years, the rest during them), 10 members and
// about 6,000 demos received over 3 years (reviews, ~300 signed demos that became recordings, their
// contracts), quarterly royalty periods with EUR→USD rates (one quarter without: the nearest is
// used). Each recording is distributed by one of three sources (DistroKid and TuneCore in USD,
// Believe in EUR): one import per source per sale month, 108 in all, 2023-10 to 2026-09, each an
// `imported` statement. A recording's lines in a month are distinct (store, territory) pairs, as
// distributors report them: 15 stores, 60 territories, streams, downloads, physical, sync and
// other sales, popular recordings in many places with many streams, new releases selling more;
// 2 % of the lines match nothing (unknown ISRCs), 1 % match a release only (album downloads), 5 %
// come without a UPC (ISRC only). A second label holds one import of unmatched lines (scoping).
// The lines go into statement_lines with COPY (not the HTTP import: bench/royalty-import), then
// each import is finished as the import job's last step does it, oldest first: its summary
// (summarizeImportLines), status `imported`, rebuildImportRollups (which refreshes missing income).
//
// Then a real server process (production mode) and, signed in as a member, each request alone
// (first answer, then the median of 10) and under autocannon at 20 connections, and every request
// once more in this process through the product's own services with each statement under
// EXPLAIN ANALYZE (where the time goes). Last, a 1,000,000-line import of the next month (COPY into
// the 10M-line database) finished as the job does, rebuildImportRollups timed per statement, the
// missing-income refresh apart.
// Aims (issue 17): every analytics request p99 < 100 ms at 20 connections; the rollups of a
// 1,000,000-line import rebuilt in < 10 s.
//
// Usage: npm run bench -- analytics
// (BENCH_DATABASE_URL picks the PostgreSQL server, postgres://postgres@127.0.0.1:5432/test unless
// set; a fresh database is made and dropped. BENCH_ANALYTICS_LINES: lines of the 108 imports
// (10,000,000); BENCH_ANALYTICS_IMPORT_LINES: the import rebuilt (1,000,000); BENCH_SECONDS: each
// load run (12); BENCH_KEEP_DATABASE=1 keeps the database, BENCH_ANALYTICS_DATABASE_URL reuses a
// kept one (no seeding); BENCH_ANALYTICS_CACHED_ONLY=1 runs only the cached server (each request, then
// mixed).)
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cpus, loadavg, totalmem } from 'node:os';
import { finished } from 'node:stream/promises';
import * as performanceContracts from '@music-review/core/contracts/analytics';
import * as arContracts from '@music-review/core/contracts/analytics-ar';
import * as incomeContracts from '@music-review/core/contracts/analytics-income';
import { gs1CheckDigit } from '@music-review/core/music-codes';
import type { AppContext } from '@music-review/server/src/context.ts';
import {
  createIncomeAlertsService,
  refreshIncomeAlerts,
} from '@music-review/server/src/features/analytics/alerts.service.ts';
import { createArAnalyticsService } from '@music-review/server/src/features/analytics/ar.service.ts';
import { createIncomeService } from '@music-review/server/src/features/analytics/income.service.ts';
import { createPerformanceService } from '@music-review/server/src/features/analytics/performance.service.ts';
import { rebuildImportRollups } from '@music-review/server/src/features/analytics/rollups.service.ts';
import {
  summarizeImportLines,
  updateImport,
} from '@music-review/server/src/features/royalties/imports.repo.ts';
import { LOAD_COLUMNS } from '@music-review/server/src/features/royalties/matching.repo.ts';
import type { Member } from '@music-review/server/src/platform/auth/request-auth.ts';
import { type Database, type OrgTx, openPostgres } from '@music-review/server/src/platform/db/index.ts';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { backendCpu, cpuSeconds, createDatabase, pidListeningOn, startServer } from './lib.ts';

const LINES = Number(process.env.BENCH_ANALYTICS_LINES ?? 10_000_000);
const IMPORT_LINES = Number(process.env.BENCH_ANALYTICS_IMPORT_LINES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REUSE_URL = process.env.BENCH_ANALYTICS_DATABASE_URL;
const CONNECTIONS = 20;
const AIM_P99_MS = 100;
const AIM_REBUILD_MS = 10_000;
const REBUILD_RUNS = 3;
/** The mixed runs: their length, and how often the label's data version is raised in the second. */
const MIXED_SECONDS = 90;
const BUMP_SECONDS = 30;

const LABEL = 'Bench Analytics Records';
const OTHER_LABEL = 'Bench Analytics Other Label';
const PASSWORD = 'bench-password';
const MEMBER = 'member@analytics.bench.test';
const REVIEWERS = 10;
const ARTISTS = 1_200;
const RECORDINGS = 20_000;
/** The three years of sales: 2023-10 to 2026-09; the rebuilt import is the month after. */
const FIRST_MONTH = '2023-10';
const MONTH_COUNT = 36;
const LARGE_IMPORT_FILE = 'distrokid-2026-10-full.tsv';
/** The label's demos: about 40 a week over 3 years up to today. */
const DEMO_WEEKS = 156;
const DEMOS_PER_WEEK = 40;
const SIGNED_DEMOS = 300;

const SOURCES = [
  { key: 'distrokid', currency: 'USD', share: 0.5, fx: 1 },
  { key: 'believe', currency: 'EUR', share: 0.3, fx: 0.92 },
  { key: 'tunecore', currency: 'USD', share: 0.2, fx: 1 },
] as const;
type Source = (typeof SOURCES)[number];

/** Store, weight (share of a recording's places), per-stream rate in USD. */
const STORES: Array<[string, number, number]> = [
  ['Spotify', 30, 0.0032],
  ['Apple Music', 14, 0.0062],
  ['YouTube Music', 10, 0.0018],
  ['Amazon Music', 8, 0.004],
  ['TikTok', 7, 0.0006],
  ['Facebook / Instagram', 6, 0.0009],
  ['Deezer', 4, 0.0041],
  ['iTunes', 4, 0],
  ['Pandora', 4, 0.0013],
  ['TIDAL', 3, 0.0088],
  ['SoundCloud', 3, 0.0025],
  ['Boomplay', 2, 0.0005],
  ['Anghami', 2, 0.0012],
  ['Napster', 1.5, 0.007],
  ['Bandcamp', 1.5, 0],
];
/** Territory, weight, what a stream pays there against the US. */
const TERRITORIES: Array<[string, number, number]> = [
  ['US', 30, 1],
  ['GB', 8, 0.95],
  ['DE', 7, 0.9],
  ['FR', 5, 0.85],
  ['BR', 5, 0.35],
  ['MX', 4, 0.35],
  ['CA', 4, 0.9],
  ['AU', 3, 0.9],
  ['JP', 3, 0.8],
  ['NL', 2.5, 0.9],
  ['ES', 2.5, 0.7],
  ['IT', 2.5, 0.7],
  ['SE', 2, 0.95],
  ['PL', 1.5, 0.5],
  ['IN', 2, 0.15],
  ['ID', 1.5, 0.2],
  ['PH', 1.5, 0.2],
  ['TR', 1.2, 0.25],
  ['AR', 1.2, 0.25],
  ['CO', 1, 0.3],
  ['CL', 1, 0.35],
  ['NO', 1, 1],
  ['DK', 1, 1],
  ['FI', 0.8, 0.95],
  ['BE', 1, 0.85],
  ['CH', 1, 1.1],
  ['AT', 0.8, 0.9],
  ['IE', 0.8, 0.9],
  ['NZ', 0.7, 0.9],
  ['PT', 0.7, 0.6],
  ['ZA', 0.8, 0.3],
  ['NG', 0.8, 0.15],
  ['KE', 0.5, 0.15],
  ['EG', 0.5, 0.15],
  ['SA', 0.6, 0.5],
  ['AE', 0.5, 0.6],
  ['IL', 0.5, 0.7],
  ['KR', 0.8, 0.6],
  ['TW', 0.6, 0.5],
  ['HK', 0.5, 0.6],
  ['SG', 0.5, 0.7],
  ['MY', 0.5, 0.3],
  ['TH', 0.6, 0.25],
  ['VN', 0.5, 0.15],
  ['RU', 0.8, 0.2],
  ['UA', 0.4, 0.2],
  ['RO', 0.5, 0.35],
  ['CZ', 0.5, 0.5],
  ['HU', 0.4, 0.45],
  ['GR', 0.4, 0.5],
  ['PE', 0.5, 0.3],
  ['EC', 0.3, 0.3],
  ['GT', 0.3, 0.3],
  ['DO', 0.3, 0.3],
  ['PR', 0.3, 0.8],
  ['UY', 0.2, 0.35],
  ['CR', 0.2, 0.35],
  ['MA', 0.3, 0.2],
  ['PK', 0.4, 0.1],
  ['BD', 0.3, 0.1],
];

// ---------- Deterministic draws ----------

/** mulberry32: a small seeded generator, the same draws on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
}
type Rng = ReturnType<typeof rng>;

/** A uuid from md5 of a name: the same ids on every run. */
function uuidOf(name: string) {
  const h = createHash('md5').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Draws an index by weight (cumulative table, binary search). */
function weightedPicker(weights: readonly number[]) {
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) {
    total += w;
    cumulative.push(total);
  }
  return (r: Rng) => {
    const x = r.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

const months = Array.from({ length: MONTH_COUNT + 1 }, (_, i) => addMonths(FIRST_MONTH, i));
function addMonths(month: string, n: number) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}
const monthIndex = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const [y0, m0] = FIRST_MONTH.split('-').map(Number) as [number, number];
  return (y - y0) * 12 + (m - m0);
};

// ---------- The catalogue ----------

const WORDS =
  `Love Night Heart Fire Dream Light Rain Summer City River Gold Shadow Paper Ocean Road Sky Star Moon
  Sun Island Garden Storm Winter Autumn Angel Diamond Desert Mountain Valley Harbor Station Radio Signal Memory
  Promise Whisper Silence Thunder Sugar Cherry Canyon Avenue Highway Window Mirror Morning Home Ghost Echo Honey
  Velvet Horizon Kingdom Fever Gravity Lantern Compass Anchor Feather Wolf Tiger Sparrow Raven Rose Violet Bridge
  Tower Street Harvest Tide Wave Shore Stone Glass Silk Smoke Flame Spark Frost Snow Cloud Comet Galaxy Orbit Dawn`
    .split(/\s+/)
    .filter(Boolean);
const ADJECTIVES =
  `Golden Broken Electric Wild Young Silver Sweet Dark Lonely Crazy Bright Cold Warm Lost Hidden
  Endless Restless Fearless Beautiful Perfect Strange Blue Red Black White Crimson Cosmic Digital Faded Frozen
  Burning Falling Rising Shining Hollow Empty Heavy Gentle Quiet Slow Little Royal Wicked Tender Northern Silent`
    .split(/\s+/)
    .filter(Boolean);

interface Recording {
  n: number;
  id: string;
  title: string;
  artist: number;
  isrc: string;
  source: Source;
  /** Its first release (the one its lines name) and, for some, a compilation. */
  release: number;
  compilation: number | null;
  /** Month index of its release (negative: before the three years). */
  releasedAt: number;
  /** Popularity weight (Zipf over a shuffled rank). */
  weight: number;
  songN: number | null;
}

interface Release {
  n: number;
  id: string;
  title: string;
  artist: number;
  upc: string;
  date: string;
  type: 'single' | 'ep' | 'album' | 'compilation';
  tracks: number[];
  source: Source;
}

function buildCatalogue() {
  const r = rng(17);
  const names = new Set<string>();
  const artists: string[] = [];
  while (artists.length < ARTISTS) {
    const name =
      r.next() < 0.5
        ? `${ADJECTIVES[r.int(ADJECTIVES.length)]} ${WORDS[r.int(WORDS.length)]}`
        : `The ${ADJECTIVES[r.int(ADJECTIVES.length)]} ${WORDS[r.int(WORDS.length)]}s`;
    if (names.has(name)) continue;
    names.add(name);
    artists.push(name);
  }
  // Artists with a long tail: the first few have hundreds of recordings, most a handful.
  const byArtist: number[][] = artists.map(() => []);
  const recordings: Recording[] = [];
  for (let n = 0; n < RECORDINGS; n++) {
    const artist = Math.floor(ARTISTS * r.next() ** 2.2);
    byArtist[artist]!.push(n);
    const title =
      r.next() < 0.5
        ? `${ADJECTIVES[r.int(ADJECTIVES.length)]} ${WORDS[r.int(WORDS.length)]}`
        : `${WORDS[r.int(WORDS.length)]} of the ${WORDS[r.int(WORDS.length)]}`;
    recordings.push({
      n,
      id: uuidOf(`recording:${n}`),
      title,
      artist,
      isrc: '',
      source: SOURCES[0],
      release: -1,
      compilation: null,
      releasedAt: 0,
      weight: 0,
      songN: null,
    });
  }
  // Releases: each artist's recordings in order, as singles, EPs and albums; 70 % before the three
  // years (1995 to mid-2023), the rest during them. One source per release (its distributor).
  const releases: Release[] = [];
  const sourcePick = weightedPicker(SOURCES.map((s) => s.share));
  for (let a = 0; a < ARTISTS; a++) {
    const list = byArtist[a]!;
    let i = 0;
    while (i < list.length) {
      const kind = r.next();
      const size = kind < 0.4 ? 1 : kind < 0.7 ? 4 + r.int(3) : 8 + r.int(7);
      const tracks = list.slice(i, i + size);
      i += size;
      const during = r.next() < 0.3;
      const monthsFrom = during ? -3 + r.int(MONTH_COUNT + 3) : -(4 + r.int(28 * 12));
      const month = addMonths(FIRST_MONTH, monthsFrom);
      const n = releases.length;
      releases.push({
        n,
        id: uuidOf(`release:${n}`),
        title:
          tracks.length === 1
            ? recordings[tracks[0]!]!.title
            : `${WORDS[r.int(WORDS.length)]} ${WORDS[r.int(WORDS.length)]}`,
        artist: a,
        upc: '',
        date: `${month}-${String(1 + r.int(28)).padStart(2, '0')}`,
        type: tracks.length === 1 ? 'single' : tracks.length < 7 ? 'ep' : 'album',
        tracks,
        source: SOURCES[sourcePick(r)]!,
      });
      for (const t of tracks) {
        const rec = recordings[t]!;
        rec.release = n;
        rec.releasedAt = monthsFrom;
        rec.source = releases[n]!.source;
      }
    }
    // A "best of" for artists with 12 or more recordings released before the three years.
    const older = list.filter((t) => recordings[t]!.releasedAt < -12);
    if (older.length >= 12) {
      const tracks = older.slice(0, 10);
      const monthsFrom = Math.max(...tracks.map((t) => recordings[t]!.releasedAt)) + 6 + r.int(24);
      if (monthsFrom < MONTH_COUNT) {
        const n = releases.length;
        const month = addMonths(FIRST_MONTH, monthsFrom);
        releases.push({
          n,
          id: uuidOf(`release:${n}`),
          title: `The Best of ${artists[a]}`,
          artist: a,
          upc: '',
          date: `${month}-15`,
          type: 'compilation',
          tracks,
          source: recordings[tracks[0]!]!.source,
        });
        for (const t of tracks) recordings[t]!.compilation = n;
      }
    }
  }
  for (const rel of releases) {
    const digits = `50699${String(rel.n).padStart(7, '0')}`;
    rel.upc = digits + String(gs1CheckDigit(digits));
  }
  for (const rec of recordings) {
    const year = Number(releases[rec.release]!.date.slice(2, 4));
    rec.isrc = `QZBNC${String(year).padStart(2, '0')}${String(rec.n).padStart(5, '0')}`;
  }
  // Popularity: Zipf (exponent 0.85) over a shuffled rank.
  const order = recordings.map((x) => x.n);
  for (let i = order.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  order.forEach((n, rank) => {
    recordings[n]!.weight = 1 / (rank + 1) ** 0.85;
  });
  return { artists, recordings, releases };
}

type Catalogue = ReturnType<typeof buildCatalogue>;

// ---------- Statement lines ----------

/** statement_lines' columns as the import loads them, then its ids and what matched. */
const COPY_COLUMNS = [
  'organization_id',
  'import_id',
  ...LOAD_COLUMNS,
  'recording_id',
  'release_id',
  'matched_by',
];

const COMBOS = STORES.length * TERRITORIES.length;
const comboWeights = STORES.flatMap(([, sw]) => TERRITORIES.map(([, tw]) => sw * tw));
const pickCombo = weightedPicker(comboWeights);
const pickStore = weightedPicker(STORES.map(([, w]) => w));
const pickTerritory = weightedPicker(TERRITORIES.map(([, w]) => w));
/** A recording appears in at most this many (store, territory) pairs a month. */
const COMBO_CAP = 600;
const UNKNOWN_CODES = 1_000;

/**
 * Splits `total` lines over the weights, none above `cap` (what a capped one leaves goes to the
 * others), whole numbers by largest remainder: exactly `total` unless every one is capped.
 */
function allocate(total: number, weights: readonly number[], cap: number) {
  const result = new Array<number>(weights.length).fill(0);
  let active = weights.map((_, i) => i).filter((i) => weights[i]! > 0);
  let remaining = total;
  for (;;) {
    const sum = active.reduce((s, i) => s + weights[i]!, 0);
    const capped = active.filter((i) => (remaining * weights[i]!) / sum >= cap);
    if (capped.length === 0 || sum === 0) break;
    for (const i of capped) {
      result[i] = cap;
      remaining -= cap;
    }
    const cappedSet = new Set(capped);
    active = active.filter((i) => !cappedSet.has(i));
    if (remaining <= 0 || active.length === 0) return result;
  }
  const sum = active.reduce((s, i) => s + weights[i]!, 0);
  const fractions: Array<[number, number]> = [];
  let given = 0;
  for (const i of active) {
    const exact = (remaining * weights[i]!) / sum;
    result[i] = Math.floor(exact);
    given += result[i]!;
    fractions.push([exact - result[i]!, i]);
  }
  fractions.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; k < remaining - given && k < fractions.length; k++) result[fractions[k]![1]]! += 1;
  return result;
}

/** k distinct (store, territory) pairs drawn by weight. */
function distinctCombos(r: Rng, k: number): number[] {
  if (k <= 40) {
    const seen = new Set<number>();
    while (seen.size < k) seen.add(pickCombo(r));
    return [...seen];
  }
  // Weighted sampling without replacement (Efraimidis-Spirakis keys).
  const keys: Array<[number, number]> = [];
  for (let c = 0; c < COMBOS; c++) keys.push([Math.log(1 - r.next()) / comboWeights[c]!, c]);
  keys.sort((a, b) => b[0] - a[0]);
  return keys.slice(0, k).map(([, c]) => c);
}

const SPECIAL = /[\\\t\n\r]/g;
const esc = (v: string) => v.replace(SPECIAL, ' ');
const money = (x: number) => {
  const s = x.toFixed(8);
  return s === '-0.00000000' ? '0.00000000' : s;
};

interface ImportSpec {
  org: string;
  importId: string;
  source: Source;
  month: string;
  lines: number;
  seed: number;
  /** Only unmatched lines (the other label). */
  unmatchedOnly?: boolean;
}

/**
 * One import's lines as COPY text, in chunks: each recording of the source released by the month
 * in distinct (store, territory) pairs, the number of pairs by popularity (new releases more), 2 %
 * unmatched, 1 % release-only (album downloads).
 */
function* importLines(spec: ImportSpec, cat: Catalogue): Generator<string> {
  const r = rng(spec.seed);
  const m = monthIndex(spec.month);
  const saleMonth = `${spec.month}-01`;
  const reportingDate = `${addMonths(spec.month, 2)}-05`;
  const fx = spec.source.fx;
  const currency = spec.source.currency;
  let line = 1;
  let chunk = '';
  const rows: string[] = [];
  const emit = (
    store: string,
    territory: string,
    isrc: string | null,
    upc: string | null,
    catNo: string | null,
    releaseTitle: string,
    trackTitle: string | null,
    artist: string,
    saleType: string,
    quantity: number,
    net: number,
    recordingId: string | null,
    releaseId: string | null,
    matchedBy: string | null,
  ) => {
    line++;
    const netText = money(net);
    const gross =
      store === 'Apple Music' || store === 'iTunes' || store === 'Amazon Music' || store === 'Bandcamp'
        ? money(net / 0.85)
        : null;
    const raw = [
      reportingDate,
      spec.month,
      store,
      artist,
      trackTitle ?? '',
      releaseTitle,
      isrc ?? '',
      upc ?? '',
      String(quantity),
      territory,
      saleType,
      netText,
      currency,
    ].join('\t');
    rows.push(
      [
        spec.org,
        spec.importId,
        String(line),
        saleMonth,
        reportingDate,
        esc(store),
        territory,
        isrc ?? '\\N',
        upc ?? '\\N',
        catNo ?? '\\N',
        esc(releaseTitle),
        trackTitle === null ? '\\N' : esc(trackTitle),
        esc(artist),
        saleType,
        String(quantity),
        gross ?? '\\N',
        netText,
        currency,
        raw.replace(/\\/g, '\\\\').replace(/\t/g, '\\t'),
        recordingId ?? '\\N',
        releaseId ?? '\\N',
        matchedBy ?? '\\N',
      ].join('\t'),
    );
  };
  const flush = function* () {
    if (rows.length > 0) {
      chunk = `${rows.join('\n')}\n`;
      rows.length = 0;
      yield chunk;
    }
  };

  const unmatched = spec.unmatchedOnly ? spec.lines : Math.round(spec.lines * 0.02);
  const releaseOnly = spec.unmatchedOnly ? 0 : Math.round(spec.lines * 0.01);
  const perRecording = spec.lines - unmatched - releaseOnly;

  /** A stream, download, physical, sync or other sale at a store, as the statement says it. */
  const sale = (storeIndex: number, territoryIndex: number, streamsBase: number) => {
    const [store, , rate] = STORES[storeIndex]!;
    const tf = TERRITORIES[territoryIndex]![2];
    const u = r.next();
    let saleType = 'stream';
    if (store === 'iTunes') saleType = 'download';
    else if (store === 'Bandcamp') saleType = u < 0.5 ? 'physical' : 'download';
    else if (store === 'Amazon Music' && u < 0.15) saleType = 'download';
    else if (store === 'YouTube Music' && u < 0.1) saleType = 'other';
    if (r.next() < 0.0002) saleType = 'sync';
    let quantity: number;
    let net: number;
    switch (saleType) {
      case 'download':
        quantity = r.next() < 0.004 ? -1 : 1 + Math.floor(-Math.log(1 - r.next()) * 0.8);
        net = quantity * 0.7 * fx;
        break;
      case 'physical':
        quantity = 1 + r.int(2);
        net = quantity * 12 * fx;
        break;
      case 'sync':
        quantity = 1;
        net = (250 + r.int(2250)) * fx;
        break;
      default: {
        quantity = Math.max(1, Math.round(streamsBase * Math.exp(0.9 * r.normal())));
        const perStream = saleType === 'other' ? 0.0009 : rate;
        net = quantity * perStream * tf * (0.85 + 0.3 * r.next()) * fx;
      }
    }
    return { store, territory: TERRITORIES[territoryIndex]![0], saleType, quantity, net };
  };

  if (perRecording > 0) {
    const eligible = cat.recordings.filter((rec) => rec.source === spec.source && rec.releasedAt <= m);
    const maxWeight = Math.max(...eligible.map((rec) => rec.weight));
    // New releases sell more: up to 3 times in their first months.
    const weights = eligible.map(
      (rec) => rec.weight * (1 + 2 * Math.exp(-Math.max(0, m - rec.releasedAt) / 4)),
    );
    const counts = allocate(perRecording, weights, COMBO_CAP);
    for (let i = 0; i < eligible.length; i++) {
      const k = counts[i]!;
      if (k === 0) continue;
      const rec = eligible[i]!;
      const primary = cat.releases[rec.release]!;
      const compilation =
        rec.compilation !== null && cat.releases[rec.compilation]!.date.slice(0, 7) <= spec.month
          ? cat.releases[rec.compilation]!
          : null;
      const streamsBase = 4 + 2500 * (rec.weight / maxWeight) ** 0.8;
      const artist = cat.artists[rec.artist]!;
      for (const combo of distinctCombos(r, k)) {
        const s = sale(Math.floor(combo / TERRITORIES.length), combo % TERRITORIES.length, streamsBase);
        // 5 % without a UPC (matched by ISRC alone); a compilation's track reported on it 20 % of the time.
        const u = r.next();
        const release = u < 0.05 ? null : compilation && u < 0.25 ? compilation : primary;
        emit(
          s.store,
          s.territory,
          rec.isrc,
          release?.upc ?? null,
          null,
          release?.title ?? primary.title,
          rec.title,
          artist,
          s.saleType,
          s.quantity,
          s.net,
          rec.id,
          release?.id ?? null,
          'isrc',
        );
        if (rows.length >= 5_000) yield* flush();
      }
    }
  }
  // Album downloads reported per release (UPC only).
  const albums = cat.releases.filter(
    (rel) => rel.source === spec.source && rel.tracks.length >= 4 && rel.date.slice(0, 7) <= spec.month,
  );
  for (let i = 0; i < releaseOnly && albums.length > 0; i++) {
    const rel = albums[r.int(albums.length)]!;
    const storeIndex = [7, 3, 14][r.int(3)]!;
    const store = STORES[storeIndex]![0];
    const physical = store === 'Bandcamp' && r.next() < 0.5;
    const quantity = r.next() < 0.004 ? -1 : 1 + r.int(2);
    emit(
      store,
      TERRITORIES[pickTerritory(r)]![0],
      null,
      rel.upc,
      null,
      rel.title,
      null,
      cat.artists[rel.artist]!,
      physical ? 'physical' : 'download',
      quantity,
      quantity * (physical ? 14 : 6.99) * fx,
      null,
      rel.id,
      'upc',
    );
    if (rows.length >= 5_000) yield* flush();
  }
  // Lines of recordings the catalogue does not have.
  for (let i = 0; i < unmatched; i++) {
    const code = r.int(UNKNOWN_CODES);
    const s = sale(pickStore(r), pickTerritory(r), 8);
    const digits = `50688${String(code).padStart(7, '0')}`;
    emit(
      s.store,
      s.territory,
      `QZUNK24${String(code).padStart(5, '0')}`,
      digits + String(gs1CheckDigit(digits)),
      null,
      `Unknown Release ${code}`,
      `Unknown Track ${code}`,
      `Unknown Artist ${code % 97}`,
      s.saleType,
      s.quantity,
      s.net,
      null,
      null,
      null,
    );
    if (rows.length >= 5_000) yield* flush();
  }
  yield* flush();
}

/** COPY of one import's lines; answers the line count. */
async function copyImport(client: pg.Client, spec: ImportSpec, cat: Catalogue) {
  const stream = client.query(copyFrom(`copy statement_lines (${COPY_COLUMNS.join(', ')}) from stdin`));
  let n = 0;
  for (const chunk of importLines(spec, cat)) {
    n += chunk.split('\n').length - 1;
    if (!stream.write(chunk)) await once(stream, 'drain');
  }
  stream.end();
  await finished(stream);
  return n;
}

// ---------- Seed ----------

interface Seeded {
  org: string;
  otherOrg: string;
  imports: Array<{ id: string; source: Source; month: string; org: string; lines: number }>;
}

async function insertRows(
  c: pg.Client,
  table: string,
  columns: string[],
  types: string[],
  rows: unknown[][],
) {
  for (let i = 0; i < rows.length; i += 5_000) {
    const part = rows.slice(i, i + 5_000);
    await c.query(
      `insert into ${table} (${columns.join(', ')})
       select * from unnest(${types.map((t, k) => `$${k + 1}::${t}[]`).join(', ')})`,
      columns.map((_, k) => part.map((row) => row[k])),
    );
  }
}

async function seed(c: pg.Client, cat: Catalogue, log: (s: string) => void): Promise<Seeded> {
  const passwordHash = await hash(PASSWORD);
  // A throw-away database: no realtime, data-version or foreign-key triggers while rows go in.
  await c.query("set session_replication_role = 'replica'");
  await c.query("set maintenance_work_mem = '512MB'");
  const org = (
    await c.query<{ id: string }>(
      `insert into organizations (name, invite_code, subscription_plan_id)
       select $1, 'BENCHANA01', id from subscription_plans where name = 'Label' returning id`,
      [LABEL],
    )
  ).rows[0]!.id;
  const otherOrg = (
    await c.query<{ id: string }>(
      `insert into organizations (name, invite_code, subscription_plan_id)
       select $1, 'BENCHANA02', id from subscription_plans where name = 'Label' returning id`,
      [OTHER_LABEL],
    )
  ).rows[0]!.id;
  const emails = [
    MEMBER,
    ...Array.from({ length: REVIEWERS - 1 }, (_, i) => `reviewer${i + 2}@analytics.bench.test`),
  ];
  await c.query(
    `with u as (
       insert into users (email, password_hash, user_metadata, email_confirmed_at)
       select e, $1, jsonb_build_object('name', 'Reviewer ' || i), now()
       from unnest($2::text[]) with ordinality as x(e, i) returning id, email, user_metadata
     )
     insert into reviewers (user_id, name, email, organization_id, is_admin)
     select id, user_metadata->>'name', email, $3, email = $4 from u`,
    [passwordHash, emails, org, emails[1]],
  );
  await c.query(`insert into finance_settings (organization_id, reporting_currency) values ($1, 'USD')`, [
    org,
  ]);

  // The catalogue.
  await insertRows(
    c,
    'recordings',
    ['id', 'organization_id', 'title', 'display_artist', 'isrc', 'origin', 'recording_year'],
    ['uuid', 'uuid', 'text', 'text', 'text', 'text', 'int'],
    cat.recordings.map((rec) => [
      rec.id,
      org,
      rec.title,
      cat.artists[rec.artist],
      rec.isrc,
      'imported',
      Number(cat.releases[rec.release]!.date.slice(0, 4)),
    ]),
  );
  await insertRows(
    c,
    'releases',
    [
      'id',
      'organization_id',
      'title',
      'display_artist',
      'release_type',
      'upc',
      'catalogue_number',
      'release_date',
      'status',
    ],
    ['uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'date', 'text'],
    cat.releases.map((rel) => [
      rel.id,
      org,
      rel.title,
      cat.artists[rel.artist],
      rel.type === 'compilation' ? 'album' : rel.type,
      rel.upc,
      `BNA-${String(rel.n).padStart(5, '0')}`,
      rel.date,
      'released',
    ]),
  );
  await insertRows(
    c,
    'release_tracks',
    ['organization_id', 'release_id', 'recording_id', 'disc_number', 'track_number'],
    ['uuid', 'uuid', 'uuid', 'int', 'int'],
    cat.releases.flatMap((rel) => rel.tracks.map((t, i) => [org, rel.id, cat.recordings[t]!.id, 1, i + 1])),
  );

  // Demos: about 40 a week over 3 years to today, reviews by the 10 members, 300 signed demos that
  // became recordings released during the three years (with their contracts), 60 % of the older
  // ones passed.
  const r = rng(23);
  const now = Date.now();
  const DAY = 86_400_000;
  const reviewers = (
    await c.query<{ id: string; email: string }>(
      'select id, email from reviewers where organization_id = $1 order by email',
      [org],
    )
  ).rows;
  const signedRecordings = cat.recordings
    .filter((rec) => rec.releasedAt >= 0)
    .sort((a, b) => b.releasedAt - a.releasedAt || a.n - b.n)
    .slice(0, SIGNED_DEMOS);
  const songs: unknown[][] = [];
  const reviews: unknown[][] = [];
  const contracts: unknown[][] = [];
  const links: Array<[string, string]> = [];
  const sourceOf = () => {
    const u = r.next();
    return u < 0.4
      ? `artist${r.int(5000)}@example.com`
      : u < 0.6
        ? reviewers[r.int(reviewers.length)]!.email
        : null;
  };
  const addReviews = (songId: string, submitted: number, quality: number) => {
    for (const reviewer of reviewers) {
      if (r.next() > 0.55 + quality * 0.35) continue;
      const at = submitted + r.next() * 10 * DAY;
      if (at > now) continue;
      const score = () => Math.max(1, Math.min(10, Math.round(4 + quality * 5 + r.normal() * 1.5)));
      const useless = r.next() < 0.03;
      reviews.push([
        org,
        songId,
        reviewer.id,
        useless ? 0 : score(),
        useless ? 0 : score(),
        useless ? 0 : score(),
        new Date(at).toISOString(),
        useless,
      ]);
    }
  };
  for (let i = 0; i < DEMO_WEEKS * DEMOS_PER_WEEK; i++) {
    const id = uuidOf(`song:${i}`);
    const submitted = now - r.next() * DEMO_WEEKS * 7 * DAY;
    const old = now - submitted > 21 * DAY;
    const status = old && r.next() < 0.6 ? 'passed' : 'pending';
    const decided =
      status === 'passed' ? new Date(submitted + (3 + r.next() * 30) * DAY).toISOString() : null;
    songs.push([
      id,
      org,
      `Demo ${i}`,
      `Demo Artist ${i % 900}`,
      status,
      decided,
      new Date(submitted).toISOString(),
      sourceOf(),
    ]);
    addReviews(id, submitted, r.next() * 0.6);
  }
  signedRecordings.forEach((rec, i) => {
    const id = uuidOf(`signed-song:${i}`);
    const released = Date.parse(`${cat.releases[rec.release]!.date}T00:00:00Z`);
    const submitted = Math.min(now - 30 * DAY, released - (100 + r.int(120)) * DAY);
    const signed = submitted + (10 + r.int(30)) * DAY;
    songs.push([
      id,
      org,
      rec.title,
      cat.artists[rec.artist],
      'signed',
      new Date(signed).toISOString(),
      new Date(submitted).toISOString(),
      sourceOf(),
    ]);
    addReviews(id, submitted, 0.6 + r.next() * 0.4);
    links.push([rec.id, id]);
    contracts.push([
      uuidOf(`contract:${i}`),
      org,
      id,
      cat.artists[rec.artist],
      'signed',
      JSON.stringify(
        i % 2 === 0
          ? { royalty_rate: 18, advance_cents: 250_000 + 50_000 * (i % 5), currency: 'USD' }
          : { royalty_rate: 20 },
      ),
      new Date(signed + 7 * DAY).toISOString(),
    ]);
  });
  await insertRows(
    c,
    'songs',
    ['id', 'organization_id', 'title', 'artist', 'status', 'decided_at', 'submitted_at', 'submission_source'],
    ['uuid', 'uuid', 'text', 'text', 'text', 'timestamptz', 'timestamptz', 'text'],
    songs,
  );
  await insertRows(
    c,
    'reviews',
    [
      'organization_id',
      'song_id',
      'reviewer_id',
      'musical_score',
      'artist_score',
      'overall_score',
      'reviewed_at',
      'is_useless',
    ],
    ['uuid', 'uuid', 'uuid', 'int', 'int', 'int', 'timestamptz', 'bool'],
    reviews,
  );
  await insertRows(
    c,
    'contracts',
    ['id', 'organization_id', 'song_id', 'artist_name', 'status', 'terms', 'completed_at'],
    ['uuid', 'uuid', 'uuid', 'text', 'text', 'jsonb', 'timestamptz'],
    contracts,
  );
  await c.query(
    `update recordings r set song_id = x.song, origin = 'demo'
     from unnest($1::uuid[], $2::uuid[]) as x(rec, song) where r.id = x.rec`,
    [links.map((l) => l[0]), links.map((l) => l[1])],
  );
  log(`seeded ${songs.length} demos, ${reviews.length} reviews, ${contracts.length} contracts`);

  // Quarterly periods with their EUR→USD rate; 2025-Q1 has none (the nearest period's is used).
  for (let q = 0; q < MONTH_COUNT / 3; q++) {
    const start = addMonths(FIRST_MONTH, q * 3);
    const rates =
      start === '2025-01' ? [] : [{ from: 'EUR', to: 'USD', rate: (1.05 + 0.0125 * (q % 5)).toFixed(4) }];
    await c.query(
      `insert into royalty_periods (organization_id, start_month, end_month, status, rates)
       values ($1, $2::date, $3::date, $4, $5::jsonb)`,
      [org, `${start}-01`, `${addMonths(start, 2)}-01`, q < 10 ? 'published' : 'open', JSON.stringify(rates)],
    );
  }

  // The imports (one per source and sale month, received about six weeks after the month) and the
  // other label's one.
  const monthWeights = months.slice(0, MONTH_COUNT).map((_, i) => 1 + (0.5 * i) / (MONTH_COUNT - 1));
  const imports: Seeded['imports'] = [];
  const otherLines = Math.min(100_000, Math.round(LINES / 100));
  for (const source of SOURCES) {
    const perMonth = allocate(Math.round(LINES * source.share), monthWeights, Number.POSITIVE_INFINITY);
    months.slice(0, MONTH_COUNT).forEach((month, i) => {
      imports.push({ id: uuidOf(`import:${source.key}:${month}`), source, month, org, lines: perMonth[i]! });
    });
  }
  // The shares round to the total: the last import takes the difference.
  const planned = imports.reduce((s, i) => s + i.lines, 0);
  imports.at(-1)!.lines += LINES - planned;
  imports.push({
    id: uuidOf('import:other'),
    source: SOURCES[0],
    month: months[MONTH_COUNT - 1]!,
    org: otherOrg,
    lines: otherLines,
  });
  for (const imp of imports) {
    await c.query(
      `insert into royalty_imports (id, organization_id, file_name, storage_key, size_bytes, content_sha256, source,
         mapping, status, line_count, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, '{}'::jsonb, 'reading', $8, $9::timestamptz)`,
      [
        imp.id,
        imp.org,
        `${imp.source.key}-${imp.month}.tsv`,
        `bench/${imp.id}`,
        imp.lines * 180,
        createHash('sha256').update(imp.id).digest('hex'),
        imp.source.key,
        imp.lines,
        `${addMonths(imp.month, 1)}-${imp.org === org ? 15 + SOURCES.indexOf(imp.source) : 20}T10:00:00Z`,
      ],
    );
  }

  // The lines, with COPY; the secondary indexes of statement_lines are built after the load.
  const indexes = await c.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'statement_lines'
       and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
  );
  for (const index of indexes.rows) await c.query(`drop index "${index.indexname}"`);
  const t0 = performance.now();
  let loaded = 0;
  for (const [k, imp] of imports.entries()) {
    const n = await copyImport(
      c,
      {
        org: imp.org,
        importId: imp.id,
        source: imp.source,
        month: imp.month,
        lines: imp.lines,
        seed: 1000 + k,
        unmatchedOnly: imp.org !== org,
      },
      cat,
    );
    if (n !== imp.lines)
      throw new Error(`import ${imp.source.key} ${imp.month}: ${n} lines, not ${imp.lines}`);
    loaded += n;
    if (k % 12 === 11 || k === imports.length - 1)
      log(`  copied ${loaded.toLocaleString('en-US')} lines (${s(performance.now() - t0)} s)`);
  }
  const t1 = performance.now();
  for (const index of indexes.rows) await c.query(index.indexdef);
  log(`built ${indexes.rows.length} indexes of statement_lines in ${s(performance.now() - t1)} s`);
  // As autovacuum leaves a table a while after a load: visibility and statistics set.
  await c.query('vacuum analyze statement_lines');
  await c.query('analyze');
  await c.query("set session_replication_role = 'origin'");
  return { org, otherOrg, imports };
}

// ---------- Statement timing (the product's functions, run in this process) ----------

const dialect = new PgDialect();

type Statement = { text: string; params: unknown[]; ms: number; plan?: string[] };

const isWrite = (text: string) => /^\s*(insert|update|delete)\b/i.test(text);

/**
 * The transaction, each execute timed; with `explain`, the statements it picks are also run under
 * EXPLAIN ANALYZE and their plans kept (a read runs twice; a write runs once, under EXPLAIN ANALYZE
 * only, so nothing is written twice).
 */
function timedTx(tx: OrgTx, statements: Statement[], explain?: (text: string) => boolean): OrgTx {
  const plan = async (q: SQLWrapper) => {
    const rows = (await tx.execute(sql`explain (analyze, buffers) ${q}`)) as unknown as {
      rows: Array<{ 'QUERY PLAN': string }>;
    };
    return rows.rows.map((row) => row['QUERY PLAN']);
  };
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return async (q: SQLWrapper | string) => {
          const query = typeof q === 'string' ? { sql: q, params: [] } : dialect.sqlToQuery(q.getSQL());
          const explained = typeof q !== 'string' && explain?.(query.sql) === true;
          const t = performance.now();
          if (explained && isWrite(query.sql)) {
            const entry: Statement = { text: query.sql, params: query.params, ms: 0, plan: await plan(q) };
            entry.ms = performance.now() - t;
            statements.push(entry);
            return { rows: [], rowCount: 0 };
          }
          const result = await target.execute(q as SQL);
          const entry: Statement = { text: query.sql, params: query.params, ms: performance.now() - t };
          if (explained) entry.plan = await plan(q as SQLWrapper);
          statements.push(entry);
          return result;
        };
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A database whose withOrg hands out timed transactions (for the services, which read ctx.database). */
function timedDatabase(
  database: Database,
  statements: Statement[],
  explain?: (text: string) => boolean,
): Database {
  return {
    ...database,
    withOrg: (org, fn) => database.withOrg(org, (tx) => fn(timedTx(tx, statements, explain))),
  };
}

const isAlertStatement = (text: string) =>
  /income_alerts|pg_advisory|royalty_imports/.test(text) &&
  !/^\s*(insert into|delete from) statement_rollups/.test(text);

/** A plan's line for reading: lists of ids shortened, at most 400 characters. */
function tidy(line: string) {
  const short = line.replace(/\{([0-9a-f-]{36},){3,}[^}]*\}/g, (list) => `{${list.split(',').length} ids}`);
  return short.length > 400 ? `${short.slice(0, 400)}…` : short;
}

/** What a statement does, in a few words (for the tables). */
function statementName(text: string) {
  const t = text.replace(/\s+/g, ' ').trim();
  const m =
    /^(insert into|delete from) ("?\w+"?)/.exec(t) ??
    /^(with) (\w+) as/.exec(t) ??
    /^(select) .*? from ("?\w+"?)/.exec(t);
  return m ? `${m[1]} ${m[2]!.replace(/"/g, '')}` : t.slice(0, 40);
}

// ---------- Formatting ----------

const s = (ms: number) => (ms / 1000).toFixed(2);
const n = (x: number) => x.toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

// ---------- The requests ----------

interface Services {
  performance: ReturnType<typeof createPerformanceService>;
  income: ReturnType<typeof createIncomeService>;
  alerts: ReturnType<typeof createIncomeAlertsService>;
  ar: ReturnType<typeof createArAnalyticsService>;
}

interface Request {
  name: string;
  path: string;
  /** The same request through the product's service, in this process (for EXPLAIN). */
  run: (services: Services, member: Member) => Promise<unknown>;
  /** The endpoint's 200 schema: the route checks each answer with it before sending. */
  response: { parse: (value: unknown) => unknown };
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

function requestsFor(picks: {
  busyArtist: string;
  typicalArtist: string;
  linesQuery: Record<string, string> | null;
}): Request[] {
  const list: Request[] = [];
  const performance = (name: string, params: Record<string, string>) =>
    list.push({
      name: `performance, ${name}`,
      path: `/api/v1/analytics/performance?${qs(params)}`,
      run: (sv, m) =>
        sv.performance.performance(m, performanceContracts.analyticsPerformance.query.parse(params)),
      response: performanceContracts.analyticsPerformance.responses[200],
    });
  const breakdown = (name: string, params: Record<string, string>) =>
    list.push({
      name: `breakdown ${params.dimension}, ${name}`,
      path: `/api/v1/analytics/breakdown?${qs(params)}`,
      run: (sv, m) =>
        sv.performance.breakdown(m, performanceContracts.analyticsBreakdown.query.parse(params)),
      response: performanceContracts.analyticsBreakdown.responses[200],
    });
  performance('default range', {});
  performance('3 years', { from: FIRST_MONTH, to: months[MONTH_COUNT - 1]! });
  performance(`artist (${picks.busyArtist})`, { artist: picks.busyArtist });
  performance(`artist (${picks.typicalArtist})`, { artist: picks.typicalArtist });
  performance('store Spotify', { store: 'Spotify' });
  performance('artist + store', { artist: picks.busyArtist, store: 'Spotify' });
  for (const dimension of ['store', 'territory', 'release', 'track', 'artist'])
    breakdown('default range', { dimension });
  breakdown('territory US', { dimension: 'store', territory: 'US' });
  breakdown('store Spotify', { dimension: 'territory', store: 'Spotify' });
  breakdown('artist', { dimension: 'release', artist: picks.busyArtist });
  breakdown('store Spotify', { dimension: 'track', store: 'Spotify' });
  breakdown('territory DE', { dimension: 'artist', territory: 'DE' });
  list.push({
    name: 'missing income (first page)',
    path: '/api/v1/analytics/missing-income',
    run: (sv, m) => sv.alerts.list(m, incomeContracts.analyticsMissingIncome.query.parse({})),
    response: incomeContracts.analyticsMissingIncome.responses[200],
  });
  list.push({
    name: 'catalogue value',
    path: '/api/v1/analytics/catalogue-value',
    run: (sv, m) => sv.income.catalogueValue(m, incomeContracts.analyticsCatalogueValue.query.parse({})),
    response: incomeContracts.analyticsCatalogueValue.responses[200],
  });
  list.push({
    name: 'A&R funnel (default: 12 weeks)',
    path: '/api/v1/analytics/funnel',
    run: (sv, m) => sv.ar.funnel(m, arContracts.analyticsFunnel.query.parse({})),
    response: arContracts.analyticsFunnel.responses[200],
  });
  list.push({
    name: 'demo revenue',
    path: '/api/v1/analytics/demo-revenue',
    run: (sv, m) => sv.ar.demoRevenue(m),
    response: arContracts.analyticsDemoRevenue.responses[200],
  });
  if (picks.linesQuery) {
    const params = picks.linesQuery;
    list.push({
      name: 'lines of the first alert (first page)',
      path: `/api/v1/analytics/lines?${qs(params)}`,
      run: (sv, m) => sv.income.lines(m, incomeContracts.analyticsLines.query.parse(params)),
      response: incomeContracts.analyticsLines.responses[200],
    });
  }
  return list;
}

/** The label's busiest artist (most recordings) and a typical one (5 to 10). */
async function pickArtists(c: pg.Client, org: string) {
  const { rows } = await c.query<{ artist: string; recordings: number }>(
    `select display_artist as artist, count(*)::int as recordings from recordings where organization_id = $1
     group by 1 order by 2 desc, 1`,
    [org],
  );
  const busy = rows[0]!;
  const typical = rows.find((row) => row.recordings >= 5 && row.recordings <= 10) ?? rows.at(-1)!;
  return { busy, typical };
}

// ---------- CPU: what each request costs, whatever else the machine runs ----------

/**
 * The CPU the server process and the database's backends (parallel workers included: the list is
 * read every 100 ms) use until stop().
 */
async function cpuMeter(databaseUrl: string, serverPid: number) {
  const server0 = cpuSeconds(serverPid);
  const stopBackends = await backendCpu(databaseUrl, 100);
  return async () => ({ databaseS: await stopBackends(), serverS: cpuSeconds(serverPid) - server0 });
}

/** A change made every BUMP_SECONDS during a mixed run. */
interface Bump {
  what: string;
  statement: string;
  id: string;
}

interface LoadResult {
  name: string;
  /** `12 s`: a timed run; `40 answers`: a fixed number (the request takes too long for a timed run). */
  mode: string;
  answers: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** CPU per answer, ms: the server process, the database's backends. */
  serverCpuMs: number;
  databaseCpuMs: number;
}

interface MixedResult {
  name: string;
  answers: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  bumps: number;
  serverCpuMs: number;
  databaseCpuMs: number;
}

/**
 * 20 connections on one request: a 2 s warm-up and a SECONDS run when one answer alone takes at most
 * 200 ms; else a fixed number of answers (40, or 20 beyond 2 s: each connection's one or two), so
 * that a slow request is measured on answers that finish rather than on none.
 */
async function loadOne(
  name: string,
  url: string,
  headers: Record<string, string>,
  aloneMs: number,
  meter: () => Promise<() => Promise<{ serverS: number; databaseS: number }>>,
): Promise<LoadResult> {
  const timed = aloneMs <= 200;
  const amount = aloneMs <= 2_000 ? 2 * CONNECTIONS : CONNECTIONS;
  if (timed) await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const stop = await meter();
  const r = await autocannon(
    timed
      ? { url, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 600 }
      : { url, connections: CONNECTIONS, amount, headers, timeout: 600 },
  );
  const cpu = await stop();
  const answers = r.requests.total;
  return {
    name,
    mode: timed ? `${SECONDS} s` : `${amount} answers`,
    answers,
    rps: timed ? Math.round(r.requests.average) : Math.round((answers / r.duration) * 10) / 10,
    p50: r.latency.p50,
    p99: answers > 0 ? r.latency.p99 : Number.POSITIVE_INFINITY,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    serverCpuMs: answers > 0 ? (cpu.serverS * 1000) / answers : 0,
    databaseCpuMs: answers > 0 ? (cpu.databaseS * 1000) / answers : 0,
  };
}

// ---------- Run ----------

const log = (line: string) => console.info(line);
const cpu = cpus()[0]?.model ?? 'unknown CPU';
log(
  `machine: ${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}; load average (1 / 5 / 15 min) at start: ${load()}`,
);

const created = REUSE_URL ? undefined : await createDatabase(SERVER_URL, 'mr_bench_analytics');
const databaseUrl = REUSE_URL ?? created!.url;
const database = await openPostgres(databaseUrl, 4);
const c = new pg.Client({ connectionString: databaseUrl });
try {
  await c.connect();
  const pgInfo = await c.query<{ version: string; shared_buffers: string; work_mem: string; jit: string }>(
    `select split_part(version(), ' ', 2) as version, current_setting('shared_buffers') as shared_buffers,
       current_setting('work_mem') as work_mem, current_setting('jit') as jit`,
  );
  log(`PostgreSQL ${JSON.stringify(pgInfo.rows[0])}`);
  const cat = buildCatalogue();
  log(
    `catalogue: ${n(cat.recordings.length)} recordings, ${n(cat.releases.length)} releases (${cat.releases.filter((r) => r.type === 'compilation').length} compilations), ${ARTISTS} artists`,
  );

  let org: string;
  let otherOrg: string;
  if (!REUSE_URL) {
    await database.migrate();
    const t0 = performance.now();
    const seeded = await seed(c, cat, log);
    org = seeded.org;
    otherOrg = seeded.otherOrg;
    const copiedMs = performance.now() - t0;
    log(
      `seeded and copied ${n(LINES)} + ${n(seeded.imports.at(-1)!.lines)} (other label) lines in ${s(copiedMs)} s; load ${load()}`,
    );

    // Each import finished as the import job's last step does, oldest first: summary, status,
    // rollups (rebuildImportRollups refreshes missing income at its end).
    const t1 = performance.now();
    const perImport: Array<{ lines: number; summaryMs: number; rollupsMs: number; alertsMs: number }> = [];
    const ordered = [...seeded.imports].sort(
      (a, b) => a.month.localeCompare(b.month) || SOURCES.indexOf(a.source) - SOURCES.indexOf(b.source),
    );
    for (const [k, imp] of ordered.entries()) {
      // Statistics of the growing rollups, as autovacuum would keep them.
      if (k % 12 === 11)
        await c.query('analyze statement_rollups_recording, statement_rollups_monthly, income_alerts');
      const statements: Statement[] = [];
      let summaryMs = 0;
      await database.withOrg(imp.org, async (tx) => {
        const t = performance.now();
        const summary = await summarizeImportLines(tx, imp.org, imp.id);
        await updateImport(tx, imp.org, imp.id, { status: 'imported', summary, finished: true });
        summaryMs = performance.now() - t;
        await rebuildImportRollups(timedTx(tx, statements), imp.org, [imp.id]);
      });
      perImport.push({
        lines: imp.lines,
        summaryMs,
        rollupsMs: statements.filter((x) => !isAlertStatement(x.text)).reduce((a, x) => a + x.ms, 0),
        alertsMs: statements.filter((x) => isAlertStatement(x.text)).reduce((a, x) => a + x.ms, 0),
      });
    }
    const tAlerts = performance.now();
    await database.withOrg(org, (tx) => refreshIncomeAlerts(tx, org));
    const fullRefreshMs = performance.now() - tAlerts;
    await c.query('vacuum analyze');
    const perHundredK = (key: 'summaryMs' | 'rollupsMs' | 'alertsMs') =>
      median(perImport.map((x) => (x[key] / Math.max(1, x.lines)) * 100_000));
    log(
      `finished ${perImport.length} imports in ${s(performance.now() - t1)} s: per import (median, max) summary ${s(median(perImport.map((x) => x.summaryMs)))} / ${s(Math.max(...perImport.map((x) => x.summaryMs)))} s, rollups ${s(median(perImport.map((x) => x.rollupsMs)))} / ${s(Math.max(...perImport.map((x) => x.rollupsMs)))} s, missing income ${s(median(perImport.map((x) => x.alertsMs)))} / ${s(Math.max(...perImport.map((x) => x.alertsMs)))} s; per 100,000 lines: rollups ${s(perHundredK('rollupsMs'))} s; a full missing-income refresh ${s(fullRefreshMs)} s`,
    );
    log(`data ready in ${s(performance.now() - t0)} s; load ${load()}`);
  } else {
    // The kept database gets the migrations added since (as the server would at its start).
    const tm = performance.now();
    await database.migrate();
    log(`migrated the kept database in ${s(performance.now() - tm)} s`);
    await c.query('vacuum analyze');
    org = (await c.query<{ id: string }>('select id from organizations where name = $1', [LABEL])).rows[0]!
      .id;
    otherOrg = (await c.query<{ id: string }>('select id from organizations where name = $1', [OTHER_LABEL]))
      .rows[0]!.id;
    // A previous run's rebuilt import goes (its lines, rollups and alerts cascade).
    await c.query('delete from royalty_imports where file_name = $1', [LARGE_IMPORT_FILE]);
    await database.withOrg(org, (tx) => refreshIncomeAlerts(tx, org));
  }

  async function sizes() {
    const { rows } = await c.query<{ table: string; rows: string; total: string; bytes: string }>(
      `select t as table, (select reltuples::bigint from pg_class where relname = t)::text as rows,
         pg_size_pretty(pg_total_relation_size(t)) as total, pg_total_relation_size(t)::text as bytes
       from unnest(array['statement_lines', 'statement_rollups_recording',
         'statement_rollups_monthly', 'income_alerts']) t`,
    );
    return rows;
  }
  const sizesBefore = await sizes();
  const counts = (
    await c.query<Record<string, string>>(
      `select (select count(*) from statement_lines where organization_id = $1)::text as label_lines,
         (select count(*) from statement_lines)::text as all_lines,
         (select count(*) from statement_rollups_recording where organization_id = $1)::text as recording_rows,
         (select count(*) from statement_rollups_monthly where organization_id = $1)::text as monthly_rows,
         (select count(*) from income_alerts where organization_id = $1)::text as alerts,
         (select count(*) from royalty_imports where organization_id = $1 and status = 'imported')::text as imports,
         (select sum(quantity) from statement_lines where organization_id = $1)::text as units`,
      [org],
    )
  ).rows[0]!;
  log(`counts: ${JSON.stringify(counts)}`);
  log('\n| table | rows (estimate) | pg_total_relation_size |\n| --- | ---: | ---: |');
  for (const row of sizesBefore) log(`| ${row.table} | ${n(Number(row.rows))} | ${row.total} |`);

  const { busy, typical } = await pickArtists(c, org);
  log(
    `artists: "${busy.artist}" (${busy.recordings} recordings), "${typical.artist}" (${typical.recordings})`,
  );

  // ---------- The server, the requests alone, then at 20 connections ----------
  // Twice: as deployed (answers cached per label under its data version, decision 0030; after a
  // change the kept answer, marked updating, while the new one is computed, decision 0034), then with
  // the cache off (ANALYTICS_CACHE_ENTRIES=0: every answer computed, what a filter combination nobody
  // asked before costs the first time). Between the two, every request mixed on the cached server: as
  // is, while a review is saved every BUMP_SECONDS (the data version: A&R answers go stale), and while
  // a recording is edited every BUMP_SECONDS (the income version too: every answer goes stale).
  type Alone = { name: string; status: number; bytes: number; first: number; median: number };
  type Phase = { alone: Alone[]; results: LoadResult[]; loadBefore: string; loadAfter: string };
  let requests: Request[] = [];
  const mixed: Array<MixedResult & { load: string }> = [];

  async function phase(kind: 'cached' | 'computed'): Promise<Phase> {
    const alone: Alone[] = [];
    const results: LoadResult[] = [];
    const loadBefore = load();
    const server = await startServer({
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      ...(kind === 'computed' ? { ANALYTICS_CACHE_ENTRIES: '0' } : {}),
    });
    try {
      const headers = { authorization: `Bearer ${await server.signIn(MEMBER, PASSWORD)}` };
      const get = async (path: string) => {
        const t = performance.now();
        const res = await fetch(`${server.base}${path}`, { headers });
        const text = await res.text();
        return { status: res.status, text, ms: performance.now() - t };
      };
      if (requests.length === 0) {
        // The first alert's lines (what "follow an alert" opens).
        const alerts = await get('/api/v1/analytics/missing-income');
        let linesQuery: Record<string, string> | null = null;
        if (alerts.status === 200) {
          const body = JSON.parse(alerts.text) as {
            alerts: Array<{ lines: Record<string, string> }>;
            total: number;
          };
          log(`missing income: ${body.total} alerts`);
          if (body.alerts[0])
            linesQuery = Object.fromEntries(
              Object.entries(body.alerts[0].lines).map(([k, v]) => [k, String(v)]),
            );
        } else log(`missing income answered ${alerts.status}: ${alerts.text.slice(0, 300)}`);
        requests = requestsFor({ busyArtist: busy.artist, typicalArtist: typical.artist, linesQuery });
        // The figures must be the label's own: the 3-year units are its lines' quantity.
        const threeYears = await get(
          `/api/v1/analytics/performance?${qs({ from: FIRST_MONTH, to: months[MONTH_COUNT - 1]! })}`,
        );
        if (threeYears.status === 200) {
          const units = (JSON.parse(threeYears.text) as { totals: { current: { units: number } } }).totals
            .current.units;
          const expected = Number(counts.units);
          log(
            `3-year units: ${n(units)} answered, ${n(expected)} in the label's lines${units === expected ? '' : ' — MISMATCH'}`,
          );
          if (units !== expected) process.exitCode = 1;
        } else log(`the 3-year performance answered ${threeYears.status}: ${threeYears.text.slice(0, 300)}`);
      }

      // Alone: the first answer (computed), then the median of 10 more (3 when the first took over 1 s).
      log(`\n${kind}: load average before the requests ${loadBefore}`);
      for (const r of requests) {
        const first = await get(r.path);
        const times: number[] = [];
        if (first.status === 200)
          for (let i = 0; i < (first.ms > 1_000 ? 3 : 10); i++) times.push((await get(r.path)).ms);
        else log(`${r.name}: ${first.status} ${first.text.slice(0, 300)}`);
        alone.push({
          name: r.name,
          status: first.status,
          bytes: Buffer.byteLength(first.text),
          first: first.ms,
          median: times.length ? median(times) : Number.NaN,
        });
      }
      log(`${kind}: load average before the load runs ${load()}`);
      const serverPid = pidListeningOn(Number(new URL(server.base).port));
      const meter = () => cpuMeter(databaseUrl, serverPid);
      for (const [i, r] of requests.entries()) {
        // A fresh token per run (the runs add up).
        const h = { authorization: `Bearer ${await server.signIn(MEMBER, PASSWORD)}` };
        const aloneMs = alone[i]!.median;
        results.push(
          await loadOne(r.name, `${server.base}${r.path}`, h, Number.isNaN(aloneMs) ? 0 : aloneMs, meter),
        );
        const last = results.at(-1)!;
        log(
          `  ${kind}, ${last.name} (${last.mode}): ${last.answers} answers, ${last.rps} req/s, p50 ${last.p50} ms, p99 ${last.p99} ms, max ${last.max} ms, non-2xx ${last.non2xx}, errors ${last.errors}; CPU per answer: server ${last.serverCpuMs.toFixed(1)} ms, database ${last.databaseCpuMs.toFixed(1)} ms (load ${load()})`,
        );
      }
      if (kind === 'cached') {
        const h = { authorization: `Bearer ${await server.signIn(MEMBER, PASSWORD)}` };
        const song = (
          await c.query<{ id: string }>(
            'select id from songs where organization_id = $1 order by id limit 1',
            [org],
          )
        ).rows[0]!.id;
        const recording = (
          await c.query<{ id: string }>(
            'select id from recordings where organization_id = $1 order by id limit 1',
            [org],
          )
        ).rows[0]!.id;
        const bumps: Array<Bump | null> = [
          null,
          { what: 'a review saved', statement: 'update songs set title = title where id = $1', id: song },
          {
            what: 'a recording edited',
            statement: 'update recordings set title = title where id = $1',
            id: recording,
          },
        ];
        for (const bump of bumps) {
          const loadAt = load();
          const result = await loadMixed(server.base, h, requests, meter, bump);
          mixed.push({ ...result, load: loadAt });
          log(
            `  mixed, ${result.name}: ${result.answers} answers, ${result.rps} req/s, p50 ${result.p50} ms, p90 ${result.p90} ms, p99 ${result.p99} ms, max ${result.max} ms, non-2xx ${result.non2xx}, errors ${result.errors}, ${result.bumps} changes (load ${load()})`,
          );
        }
      }
      return { alone, results, loadBefore, loadAfter: load() };
    } finally {
      await server.stop();
    }
  }

  /**
   * Every request mixed (each connection cycles through them) for MIXED_SECONDS on the cached
   * server; with `bump`, its statement runs every BUMP_SECONDS: a saved review raises the label's
   * data version (the A&R answers go stale), a recording's edit also its income version (every
   * statement-derived answer goes stale; migration 0024).
   */
  async function loadMixed(
    base: string,
    headers: Record<string, string>,
    list: Request[],
    meter: () => Promise<() => Promise<{ serverS: number; databaseS: number }>>,
    bump: Bump | null,
  ) {
    let bumps = 0;
    let running = true;
    const bumper = (async () => {
      while (bump && running) {
        await new Promise((r) => setTimeout(r, BUMP_SECONDS * 1000));
        if (!running) break;
        await c.query(bump.statement, [bump.id]);
        bumps++;
      }
    })();
    const stop = await meter();
    const r = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: MIXED_SECONDS,
      headers,
      timeout: 600,
      requests: list.map((x) => ({ method: 'GET' as const, path: x.path })),
    });
    running = false;
    const cpu = await stop();
    await bumper;
    const answers = r.requests.total;
    return {
      name: bump ? `every request, ${bump.what} every ${BUMP_SECONDS} s` : 'every request, nothing changing',
      answers,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      bumps,
      serverCpuMs: answers > 0 ? (cpu.serverS * 1000) / answers : 0,
      databaseCpuMs: answers > 0 ? (cpu.databaseS * 1000) / answers : 0,
    };
  }

  const cachedPhase = await phase('cached');
  // BENCH_ANALYTICS_CACHED_ONLY=1: the cached server's runs only (each request, then mixed, printed as
  // they end), for a quick measure after a change to how answers are kept; no cache-off phase, no
  // statements under EXPLAIN, no import.
  if (process.env.BENCH_ANALYTICS_CACHED_ONLY === '1') {
    log('\nBENCH_ANALYTICS_CACHED_ONLY=1: the cache-off phase, the statements and the import were skipped.');
  } else {
    const computedPhase = await phase('computed');
    const results = computedPhase.results;

    // ---------- Where each request's time goes: its statements under EXPLAIN ANALYZE ----------
    const memberRow = (
      await c.query<{ id: string; user_id: string; name: string; email: string }>(
        'select id, user_id, name, email from reviewers where organization_id = $1 and email = $2',
        [org, MEMBER],
      )
    ).rows[0]!;
    const member = {
      userId: memberRow.user_id,
      sessionId: 'bench',
      email: memberRow.email,
      aal: 'aal1' as const,
      isRecovery: false,
      isMfaPending: false,
      hasCatalogue: true,
      reviewer: {
        id: memberRow.id,
        name: memberRow.name,
        email: memberRow.email,
        organizationId: org,
        isAdmin: false,
      },
      organizationId: org,
    } as Member;
    const profiles: Array<{
      name: string;
      wallMs: number;
      statements: Statement[];
      error?: string;
      /** The answer: its JSON size, and the median ms of 5 schema checks and of 5 JSON.stringify. */
      bytes?: number;
      checkMs?: number;
      stringifyMs?: number;
    }> = [];
    for (const r of requests) {
      const statements: Statement[] = [];
      const ctx = {
        database: timedDatabase(database, statements, (text) => /^\s*(select|with)\b/i.test(text)),
        // Every answer computed; the deals service (demo to revenue) keeps the storage driver.
        config: { ANALYTICS_CACHE_ENTRIES: 0, ANALYTICS_COMPUTE_CONCURRENCY: 1 },
        storage: { driver: null },
      } as unknown as AppContext;
      const services: Services = {
        performance: createPerformanceService(ctx),
        income: createIncomeService(ctx),
        alerts: createIncomeAlertsService(ctx),
        ar: createArAnalyticsService(ctx),
      };
      const t = performance.now();
      try {
        const answer = await r.run(services, member);
        const wallMs = performance.now() - t;
        const time = (work: () => unknown) =>
          median(
            Array.from({ length: 5 }, () => {
              const t0 = performance.now();
              work();
              return performance.now() - t0;
            }),
          );
        profiles.push({
          name: r.name,
          wallMs,
          statements,
          bytes: Buffer.byteLength(JSON.stringify(answer)),
          checkMs: time(() => r.response.parse(answer)),
          stringifyMs: time(() => JSON.stringify(answer)),
        });
      } catch (error) {
        const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
        profiles.push({
          name: r.name,
          wallMs: performance.now() - t,
          statements,
          error: `${String(error).slice(0, 200)}${cause}`,
        });
      }
    }

    // The slowest statement of each request that missed its aim, again in a scratch transaction (as
    // the superuser, rolled back) with other settings: PostgreSQL's default work_mem (4 MB here) makes
    // large sorts and hash aggregates spill to disk, and JIT compiles large plans.
    const execOf = (st: Statement) => {
      const line = st.plan?.find((l) => l.startsWith('Execution Time'));
      return line ? Number(/([\d.]+) ms/.exec(line)?.[1] ?? 0) : 0;
    };
    const missed = new Set(
      results.filter((r) => r.p99 >= AIM_P99_MS || r.non2xx > 0 || r.errors > 0).map((r) => r.name),
    );
    const SETTINGS: Array<[string, string[]]> = [
      ['as configured', []],
      ['work_mem 64 MB', ["set local work_mem = '64MB'"]],
      ['work_mem 64 MB, jit off', ["set local work_mem = '64MB'", 'set local jit = off']],
    ];
    const settingsRuns: Array<{ name: string; statement: string; ms: number[] }> = [];
    for (const p of profiles.filter((x) => missed.has(x.name))) {
      const slowest = [...p.statements].sort((a, b) => execOf(b) - execOf(a))[0];
      if (!slowest) continue;
      const ms: number[] = [];
      for (const [, statements] of SETTINGS) {
        await c.query('begin');
        try {
          for (const setting of statements) await c.query(setting);
          const plan = await c.query<{ 'QUERY PLAN': string }>(
            `explain (analyze) ${slowest.text}`,
            slowest.params,
          );
          const exec = plan.rows.find((row) => row['QUERY PLAN'].startsWith('Execution Time'));
          ms.push(Number(/([\d.]+) ms/.exec(exec?.['QUERY PLAN'] ?? '')?.[1] ?? Number.NaN));
        } finally {
          await c.query('rollback');
        }
      }
      settingsRuns.push({ name: p.name, statement: statementName(slowest.text), ms });
    }

    // The lines behind an alert (not cached): its statements read every line of the recording through
    // statement_lines_recording_idx and filter the months and the store after. Again with an index on
    // (recording_id, sale_month), made in a scratch transaction (rolled back).
    const linesScratch: Array<{ what: string; before: number; after: number }> = [];
    const linesProfile = profiles.find((p) => p.name.startsWith('lines of the first alert'));
    if (linesProfile) {
      await c.query('begin');
      try {
        const t = performance.now();
        await c.query(
          'create index statement_lines_recording_month_scratch on statement_lines (recording_id, sale_month)',
        );
        linesScratch.push({
          what: 'create index on statement_lines (recording_id, sale_month), ms',
          before: Number.NaN,
          after: performance.now() - t,
        });
        for (const st of linesProfile.statements.filter((x) => /from statement_lines/.test(x.text))) {
          const plan = await c.query<{ 'QUERY PLAN': string }>(`explain (analyze) ${st.text}`, st.params);
          const exec = plan.rows.find((row) => row['QUERY PLAN'].startsWith('Execution Time'));
          linesScratch.push({
            what: `${statementName(st.text)} (${/count\(\*\)/.test(st.text) ? 'the summary' : 'the page'}), execution ms`,
            before: execOf(st),
            after: Number(/([\d.]+) ms/.exec(exec?.['QUERY PLAN'] ?? '')?.[1] ?? Number.NaN),
          });
        }
      } finally {
        await c.query('rollback');
      }
    }

    // ---------- The rollups of a 1,000,000-line import ----------
    const importId = uuidOf('import:large');
    const rebuilds: Array<{
      run: string;
      load: string;
      totalMs: number;
      rollupsMs: number;
      alertsMs: number;
      statements: Statement[];
    }> = [];
    let copyMs = 0;
    let summaryMs = 0;
    let alertsAloneMs = 0;
    let fullAlertsMs = 0;
    const largeMonth = months[MONTH_COUNT]!;
    {
      await c.query(
        `insert into royalty_imports (id, organization_id, file_name, storage_key, size_bytes, content_sha256, source,
           mapping, status, line_count, created_at)
         values ($1, $2, $3, $4, $5, $6, 'distrokid', '{}'::jsonb, 'reading', $7, now())`,
        [
          importId,
          org,
          LARGE_IMPORT_FILE,
          `bench/${importId}`,
          IMPORT_LINES * 180,
          createHash('sha256').update(importId).digest('hex'),
          IMPORT_LINES,
        ],
      );
      const t = performance.now();
      const copied = await copyImport(
        c,
        { org, importId, source: SOURCES[0], month: largeMonth, lines: IMPORT_LINES, seed: 9_999 },
        cat,
      );
      copyMs = performance.now() - t;
      log(
        `\ncopied the ${largeMonth} import: ${n(copied)} lines in ${s(copyMs)} s (indexes in place); load ${load()}`,
      );
      for (let run = 1; run <= REBUILD_RUNS; run++) {
        const statements: Statement[] = [];
        const loadAt = load();
        const t0 = performance.now();
        await database.withOrg(org, async (tx) => {
          if (run === 1) {
            // As the import job's last step: summary and status first (missing income reads both).
            const ts = performance.now();
            const summary = await summarizeImportLines(tx, org, importId);
            await updateImport(tx, org, importId, { status: 'imported', summary, finished: true });
            summaryMs = performance.now() - ts;
          }
          const t1 = performance.now();
          // The last run keeps each rollup statement's plan (EXPLAIN ANALYZE runs it: the same work).
          await rebuildImportRollups(
            timedTx(tx, statements, run === REBUILD_RUNS ? (text) => !isAlertStatement(text) : undefined),
            org,
            [importId],
          );
          rebuilds.push({
            run:
              run === 1
                ? '1: as the import job (just copied, no ANALYZE)'
                : `${run}: again (replaces the rollups)`,
            load: loadAt,
            totalMs: performance.now() - t1,
            rollupsMs: statements.filter((x) => !isAlertStatement(x.text)).reduce((a, x) => a + x.ms, 0),
            alertsMs: statements.filter((x) => isAlertStatement(x.text)).reduce((a, x) => a + x.ms, 0),
            statements,
          });
        });
        if (run === 1) log(`run 1 with its transaction: ${s(performance.now() - t0)} s`);
      }
      const ta = performance.now();
      await database.withOrg(org, (tx) => refreshIncomeAlerts(tx, org, [importId]));
      alertsAloneMs = performance.now() - ta;
      const tf = performance.now();
      await database.withOrg(org, (tx) => refreshIncomeAlerts(tx, org));
      fullAlertsMs = performance.now() - tf;
    }
    // Run 1's rollup statements again in a scratch transaction (as the superuser, rolled back),
    // without the row-by-row foreign-key triggers (session_replication_role): what those checks cost.
    const scratch: Array<{ what: string; ms: number }> = [];
    const rollupStatements = (rebuilds[0]?.statements ?? []).filter((st) => !isAlertStatement(st.text));
    await c.query('begin');
    try {
      await c.query("set local session_replication_role = 'replica'");
      for (const st of rollupStatements) {
        const t = performance.now();
        await c.query(st.text, st.params);
        scratch.push({
          what: `${statementName(st.text)}, no foreign-key triggers`,
          ms: performance.now() - t,
        });
      }
    } finally {
      await c.query('rollback');
    }
    const sizesAfter = await sizes();

    // ---------- Report ----------
    const verdict = (r: LoadResult) =>
      r.p99 < AIM_P99_MS && r.non2xx === 0 && r.errors === 0 ? 'met' : '**missed**';
    log(
      '\n## Requests alone (one at a time): the first answer, then the median of 10 (3 when the first took over 1 s)\n',
    );
    log(
      '| request | status | bytes | cached: first ms | cached: median ms | cache off: first ms | cache off: median ms |',
    );
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    cachedPhase.alone.forEach((a, i) => {
      const b = computedPhase.alone[i]!;
      log(
        `| ${a.name} | ${a.status}${b.status === a.status ? '' : ` / ${b.status}`} | ${n(a.bytes)} | ${Math.round(a.first)} | ${a.median.toFixed(1)} | ${Math.round(b.first)} | ${b.median.toFixed(1)} |`,
      );
    });
    for (const [title, ph] of [
      ['as deployed: answers cached per label and data version', cachedPhase],
      ['cache off (ANALYTICS_CACHE_ENTRIES=0): every answer computed', computedPhase],
    ] as const) {
      log(
        `\n## At ${CONNECTIONS} connections, ${title} (load average before ${ph.loadBefore}, after ${ph.loadAfter})\n`,
      );
      log(
        '| request | run | requests/s | p50 ms | p99 ms | max ms | non-2xx | errors | server CPU ms / answer | database CPU ms / answer | aim p99 < 100 ms |',
      );
      log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
      for (const r of ph.results)
        log(
          `| ${r.name} | ${r.mode} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.errors} | ${r.serverCpuMs.toFixed(1)} | ${r.databaseCpuMs.toFixed(1)} | ${verdict(r)} |`,
        );
    }
    log(`\n## Every request mixed, ${CONNECTIONS} connections, ${MIXED_SECONDS} s, cached server\n`);
    log(
      '| run | load before | requests/s | p50 ms | p90 ms | p99 ms | max ms | non-2xx | errors | server CPU ms / answer | database CPU ms / answer |',
    );
    log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const m of mixed)
      log(
        `| ${m.name}${m.bumps ? ` (${m.bumps} changes)` : ''} | ${m.load} | ${m.rps} | ${m.p50} | ${m.p90} | ${m.p99} | ${m.max} | ${m.non2xx} | ${m.errors} | ${m.serverCpuMs.toFixed(1)} | ${m.databaseCpuMs.toFixed(1)} |`,
      );

    log(
      '\n## Each request in this process, its statements under EXPLAIN ANALYZE (executed once more each)\n',
    );
    log(
      '| request | wall ms (statements run twice) | statements | database execution ms | slowest statement (execution ms) | answer bytes | schema check ms | JSON.stringify ms |',
    );
    log('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
    for (const p of profiles) {
      const slowest = [...p.statements].sort((a, b) => execOf(b) - execOf(a))[0];
      log(
        `| ${p.name}${p.error ? ` (error: ${p.error})` : ''} | ${Math.round(p.wallMs)} | ${p.statements.length} | ${p.statements.reduce((a, st) => a + execOf(st), 0).toFixed(1)} | ${slowest ? `${statementName(slowest.text)} (${execOf(slowest).toFixed(1)})` : ''} | ${n(p.bytes ?? 0)} | ${(p.checkMs ?? 0).toFixed(2)} | ${(p.stringifyMs ?? 0).toFixed(2)} |`,
      );
    }
    log(
      `\nThe slowest statement of each request that missed, EXPLAIN ANALYZE execution ms (scratch, superuser): ${SETTINGS.map(([name]) => name).join(' / ')}\n`,
    );
    log(`| request | statement | ${SETTINGS.map(([name]) => name).join(' | ')} |`);
    log(`| --- | --- | ${SETTINGS.map(() => '---:').join(' | ')} |`);
    for (const x of settingsRuns)
      log(`| ${x.name} | ${x.statement} | ${x.ms.map((v) => v.toFixed(1)).join(' | ')} |`);
    log(
      '\nThe lines of the first alert, with an index on statement_lines (recording_id, sale_month) (scratch):\n',
    );
    log('| step | as built | with the index |\n| --- | ---: | ---: |');
    for (const x of linesScratch)
      log(`| ${x.what} | ${Number.isNaN(x.before) ? '' : x.before.toFixed(1)} | ${x.after.toFixed(1)} |`);
    for (const p of profiles.filter((x) => missed.has(x.name))) {
      const slow = [...p.statements].sort((a, b) => execOf(b) - execOf(a)).slice(0, 2);
      for (const st of slow) {
        log(`\n### ${p.name}: ${statementName(st.text)} (${execOf(st).toFixed(1)} ms)\n`);
        log(st.text.replace(/\s+/g, ' ').trim());
        log('');
        log((st.plan ?? []).map(tidy).join('\n'));
      }
    }

    log(
      `\n## The rollups of one ${n(IMPORT_LINES)}-line import (${largeMonth}, on the ${n(LINES)}-line database)\n`,
    );
    log(
      `COPY of its lines: ${s(copyMs)} s; its summary and status (summarizeImportLines, updateImport): ${s(summaryMs)} s`,
    );
    log(
      '\n| run | load before | rebuildImportRollups s | of which rollup statements s | of which missing income s | aim rollups < 10 s |',
    );
    log('| --- | --- | ---: | ---: | ---: | --- |');
    for (const r of rebuilds)
      log(
        `| ${r.run} | ${r.load} | ${s(r.totalMs)} | ${s(r.rollupsMs)} | ${s(r.alertsMs)} | ${r.rollupsMs < AIM_REBUILD_MS ? 'met' : '**missed**'} |`,
      );
    log(
      `\nrefreshIncomeAlerts alone for the import: ${s(alertsAloneMs)} s; for the whole label: ${s(fullAlertsMs)} s`,
    );
    log("\nScratch copies of run 1's rollup statements (superuser, rolled back):\n");
    log('| statement | ms |\n| --- | ---: |');
    for (const x of scratch) log(`| ${x.what} | ${Math.round(x.ms)} |`);
    log('\nEach statement of the runs (ms):\n');
    log(`| statement | ${rebuilds.map((r) => `run ${r.run.slice(0, 1)}`).join(' | ')} |`);
    log(`| --- | ${rebuilds.map(() => '---:').join(' | ')} |`);
    const first = rebuilds[0]?.statements ?? [];
    first.forEach((st, i) => {
      log(
        `| ${statementName(st.text)} | ${rebuilds.map((r) => Math.round(r.statements[i]?.ms ?? 0)).join(' | ')} |`,
      );
    });
    const explained = rebuilds.at(-1)?.statements.filter((st) => st.plan) ?? [];
    for (const st of explained) {
      log(`\n### ${statementName(st.text)}\n`);
      log(st.plan!.map(tidy).join('\n'));
    }
    log(
      '\n| table | rows (estimate) before → after | pg_total_relation_size before → after |\n| --- | ---: | ---: |',
    );
    sizesBefore.forEach((row, i) => {
      const after = sizesAfter[i]!;
      log(
        `| ${row.table} | ${n(Number(row.rows))} → ${n(Number(after.rows))} | ${row.total} → ${after.total} |`,
      );
    });
    log(`\nload average at the end: ${load()}`);
    const all = [...cachedPhase.results, ...computedPhase.results, ...mixed];
    const nonOk = all.reduce((a, r) => a + r.non2xx + r.errors, 0);
    const summary = (ph: Phase) => {
      const met = ph.results.filter((r) => verdict(r) === 'met').length;
      return `${met} of ${ph.results.length} met (worst p99 ${Math.max(...ph.results.map((r) => r.p99))} ms)`;
    };
    log(
      `\nAim p99 < ${AIM_P99_MS} ms at ${CONNECTIONS} connections: cached ${summary(cachedPhase)}; cache off ${summary(computedPhase)}; ${nonOk} non-2xx or errors in all runs. Aim rollups < 10 s: ${rebuilds.every((r) => r.rollupsMs < AIM_REBUILD_MS) ? 'met' : 'missed'} (${rebuilds.map((r) => s(r.rollupsMs)).join(', ')} s).`,
    );
    if (nonOk > 0) process.exitCode = 1;
  }
  void otherOrg;
} finally {
  await c.end().catch(() => {});
  await database.close();
  if (created) {
    if (process.env.BENCH_KEEP_DATABASE === '1') console.info(`kept the database: ${created.url}`);
    else await created.drop();
  }
}
