// "Import CSV" of recordings on PostgreSQL (issue 14, decision 0026), end to end as the web app
// takes it: a PUT URL, the upload, the analysis, the dry run, then the import, each job followed
// through GET /api/v1/jobs/:id until it finished. Files of 10,000 and 50,000 new recordings, each
// into its own empty label, in a fresh server process; then the 50,000 again with every title
// changed (50,000 updates). The server's memory: its resident size sampled from /proc (and the
// kernel's peak, per job), and its JavaScript heap after a full collection before, halfway through
// and after each import.
// Aim: 50,000 rows in under 10 s end to end, memory flat (streamed, in batches).
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- catalogue-import
// (BENCH_KEEP_DATABASE=1 keeps the database, BENCH_IMPORT_DATABASE_URL reuses a kept one: each run
// imports into new labels; BENCH_IMPORT_ROWS=100000 runs other sizes, up to the import limit.)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { createDatabase, pidListeningOn, startServer } from './lib.ts';

const PASSWORD = 'bench-password';
/** Another label's recordings share the table and its indexes (three trigram indexes among them). */
const OTHER_RECORDINGS = 200_000;
const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '10000,50000').split(',').map(Number);

type Server = Awaited<ReturnType<typeof startServer>>;
type Job = {
  status: string;
  progress_done: number;
  progress_total: number | null;
  result: Record<string, unknown> | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

// ---------- The file: realistic rows, each with its own ISRC ----------

const NOUNS =
  `Love Night Heart Fire Dream Light Rain Summer City River Gold Shadow Paper Ocean Road Sky Star Moon
  Sun Island Garden Storm Winter Angel Queen Diamond Desert Valley Harbor Radio Signal Memory Promise Whisper
  Thunder Sugar Cherry Canyon Highway Window Mirror Morning Home Ghost Echo Honey Velvet Horizon Fever Gravity`.split(
    /\s+/,
  );
const ADJECTIVES =
  `Golden Broken Electric Wild Young Silver Sweet Dark Lonely Bright Cold Warm Lost Hidden Endless
  Restless Beautiful Strange Blue Crimson Cosmic Faded Frozen Burning Falling Rising Hollow Gentle Quiet`.split(
    /\s+/,
  );
const FIRST =
  'Maya Leo Ana Sam Noor Kenji Sofia Omar Ingrid Pablo Leila Freya Dmitri Amara Lucas Chiara'.split(' ');
const LAST =
  'Torres Kim Okafor Larsen Dubois Rossi Tanaka Haddad Novak Walsh Mensah Fraser Patel Cohen'.split(' ');
const GENRES = ['Pop', 'Rock', 'Electronic', 'Hip-Hop', 'R&B', 'Jazz', 'Folk', 'Soul'];
const HEADER = [
  'Track Title',
  'Version',
  'Artist',
  'ISRC',
  'Duration',
  'Explicit',
  'Genre',
  'Language',
  'BPM',
  'Recording Year',
  'P Year',
  'P Owner',
];

/** A small deterministic generator, so every run imports the same file. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The CSV of `rows` recordings; `titlePrefix` changes every title (an update of the same ISRCs). */
function csvFile(rows: number, registrant: string, titlePrefix = '') {
  const next = random(rows);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const lines = [HEADER.join(',')];
  for (let i = 1; i <= rows; i++) {
    const year = 1965 + Math.floor(next() * 61);
    const title = `${titlePrefix}${next() < 0.5 ? `${pick(ADJECTIVES)} ` : 'The '}${pick(NOUNS)}`;
    const artist =
      next() < 0.2
        ? `${pick(FIRST)} ${pick(LAST)} feat. ${pick(FIRST)} ${pick(LAST)}`
        : `${pick(FIRST)} ${pick(LAST)}`;
    const seconds = 120 + Math.floor(next() * 300);
    lines.push(
      [
        title,
        next() < 0.1 ? 'Radio Edit' : '',
        artist,
        `${registrant}${String(year % 100).padStart(2, '0')}${String(i % 100_000).padStart(5, '0')}`,
        `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
        next() < 0.1 ? 'yes' : 'no',
        pick(GENRES),
        pick(['en', 'en', 'en', 'es', 'fr', 'de']),
        next() < 0.6 ? String(70 + Math.floor(next() * 100)) : '',
        String(year),
        String(year),
        'Bench Import Records',
      ]
        .map(cell)
        .join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

// ---------- The server process's memory, from /proc ----------

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mb = (kb: number) => Math.round(kb / 1024);

/** Samples the resident memory every 50 ms while `work` runs: its peak, and the kernel's own peak. */
async function withMemory<T>(pid: number, work: () => Promise<T>) {
  // Resets the kernel's high-water mark (VmHWM) to the current size (Linux 4.0+), so it is this step's.
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  const before = statusKb(pid, 'VmRSS');
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, statusKb(pid, 'VmRSS'));
  }, 50);
  try {
    const value = await work();
    peak = Math.max(peak, statusKb(pid, 'VmRSS'));
    return {
      value,
      beforeMb: mb(before),
      peakMb: mb(peak),
      hwmMb: hwmReset ? mb(statusKb(pid, 'VmHWM')) : null,
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The server's JavaScript heap after a full collection, on request: a preload (written here, given
 * to the server through NODE_OPTIONS) collects and appends process.memoryUsage() to a file on
 * SIGUSR2. What stays after a collection is what the server holds; RSS also counts what V8 keeps
 * reserved after a burst of allocation.
 */
const MEMORY_LOG = join(tmpdir(), `mr-bench-import-memory-${process.pid}.log`);
const PRELOAD = join(tmpdir(), `mr-bench-import-memory-${process.pid}.cjs`);
writeFileSync(
  PRELOAD,
  `if (process.argv.some((a) => a.endsWith('main.ts')) && !process.argv.some((a) => a.endsWith('cli.mjs'))) {
  require('node:v8').setFlagsFromString('--expose-gc');
  const gc = require('node:vm').runInNewContext('gc');
  process.on('SIGUSR2', () => {
    gc();
    const m = process.memoryUsage();
    require('node:fs').appendFileSync(${JSON.stringify(MEMORY_LOG)}, [m.heapUsed, m.rss, m.external].join(' ') + '\\n');
  });
}
`,
);
writeFileSync(MEMORY_LOG, '');

async function heapAfterGc(pid: number) {
  const lines = () => readFileSync(MEMORY_LOG, 'utf8').trim().split('\n').filter(Boolean);
  const before = lines().length;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100 && lines().length === before; i++) await new Promise((r) => setTimeout(r, 20));
  const [heapUsed = 0, rss = 0] = (lines().at(-1) ?? '0 0').split(' ').map(Number);
  return `${mb(heapUsed / 1024)} (${mb(rss / 1024)})`;
}

// ---------- The steps, as the web app takes them ----------

async function api<T>(server: Server, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Polls the job every 50 ms until it finished; the times at which each batch's progress showed. */
async function finished(
  server: Server,
  token: string,
  id: string,
  onProgress: (job: Job) => Promise<void> = async () => {},
) {
  const progress: { ms: number; done: number }[] = [];
  const t0 = performance.now();
  for (;;) {
    const job = await api<Job>(server, token, 'GET', `/api/v1/jobs/${id}`);
    const ms = performance.now() - t0;
    await onProgress(job);
    if (progress.at(-1)?.done !== job.progress_done) progress.push({ ms, done: job.progress_done });
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) {
      if (job.status !== 'succeeded') throw new Error(`job ${id} ${job.status}: ${job.error}`);
      return { job, ms, progress };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function upload(server: Server, token: string, file: Buffer) {
  const presign = await api<{ key: string; upload_url: string; content_type: string }>(
    server,
    token,
    'POST',
    '/api/v1/catalogue/csv/uploads',
    { kind: 'recordings', filename: 'back-catalogue.csv', size_bytes: file.length },
  );
  const put = await fetch(presign.upload_url, {
    method: 'PUT',
    headers: { 'content-type': presign.content_type },
    body: file,
  });
  if (!put.ok) throw new Error(`upload answered ${put.status}: ${await put.text()}`);
  return presign.key;
}

/** Upload, analyse, dry run, import: the time of each, the peak memory of each job. */
async function importEndToEnd(server: Server, pid: number, token: string, file: Buffer, dryRun: boolean) {
  const heapBefore = await heapAfterGc(pid);
  const t0 = performance.now();
  const key = await upload(server, token, file);
  const t1 = performance.now();
  const analysis = await api<{ mapping: Record<string, string>; headers: string[] }>(
    server,
    token,
    'POST',
    '/api/v1/catalogue/csv/analyse',
    { kind: 'recordings', key },
  );
  const t2 = performance.now();
  const body = { kind: 'recordings', key, mapping: analysis.mapping };
  const check = dryRun
    ? await withMemory(pid, async () => {
        const started = await api<{ id: string }>(
          server,
          token,
          'POST',
          '/api/v1/catalogue/csv/dry-runs',
          body,
        );
        return finished(server, token, started.id);
      })
    : null;
  const t3 = performance.now();
  let heapMid: string | null = null;
  const run = await withMemory(pid, async () => {
    const started = await api<{ id: string }>(server, token, 'POST', '/api/v1/catalogue/csv/imports', body);
    // Halfway through, once: the heap the import holds while it runs (the collection adds ~0.1 s).
    return finished(server, token, started.id, async (job) => {
      if (heapMid === null && job.progress_total && job.progress_done >= job.progress_total / 2)
        heapMid = await heapAfterGc(pid);
    });
  });
  const t4 = performance.now();
  const heapAfter = await heapAfterGc(pid);
  return {
    heap: { before: heapBefore, mid: heapMid as string | null, after: heapAfter },
    dryRunJob: check ? jobTimes(check.value.job) : null,
    importJob: jobTimes(run.value.job),
    mapped: Object.keys(analysis.mapping).length,
    uploadMs: t1 - t0,
    analyseMs: t2 - t1,
    dryRunMs: check ? t3 - t2 : null,
    dryRunResult: check?.value.job.result,
    dryRunMemory: check,
    importMs: t4 - t3,
    importResult: run.value.job.result,
    progress: run.value.progress,
    memory: run,
    totalMs: t4 - t0,
  };
}

/** How long the job waited for a worker, and how long it then ran (the server's own clock). */
function jobTimes(job: Job) {
  const at = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);
  return { waitMs: at(job.started_at) - at(job.created_at), runMs: at(job.finished_at) - at(job.started_at) };
}

/** The time from the job's start to each batch's progress, and between batches. */
function batchTimes(progress: { ms: number; done: number }[]) {
  const steps = progress.filter((p) => p.done > 0);
  const firstSeen = steps[0]?.ms ?? 0;
  const gaps = steps.slice(1).map((p, i) => (p.ms - steps[i]!.ms) / ((p.done - steps[i]!.done) / 1000));
  gaps.sort((a, b) => a - b);
  const at = (q: number) => Math.round(gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] ?? 0);
  return {
    firstBatchMs: Math.round(firstSeen),
    perBatchMs: { p10: at(0.1), p50: at(0.5), p90: at(0.9), max: at(1) },
  };
}

// ---------- Seed ----------

/** Other labels' recordings, once per database. */
async function seedOthers(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `with o as (
       insert into organizations (name, invite_code, subscription_plan_id)
       select 'Other Label', 'BENCHIMPOT', id from subscription_plans where name = 'Label' returning id
     )
     insert into recordings (organization_id, title, display_artist, isrc, recording_year, origin)
     select o.id, 'Other Song ' || g, 'Other Artist ' || (g % 5000),
       'USOTH' || lpad((g % 100)::text, 2, '0') || lpad((g % 100000)::text, 5, '0'), 1960 + g % 66, 'imported'
     from generate_series(1, $1::int) g cross join o`,
    [OTHER_RECORDINGS],
  );
  await client.query('vacuum analyze');
  await client.end();
}

/** An empty label on the Label plan with one admin; answers the admin's email. */
async function newLabel(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `import-${suffix}@bench.test`;
  await client.query(
    `with o as (
       insert into organizations (name, invite_code, subscription_plan_id)
       select $1, upper($2), id from subscription_plans where name = 'Label' returning id
     ), u as (
       insert into users (email, password_hash, user_metadata, email_confirmed_at)
       values ($3, $4, jsonb_build_object('name', $1::text), now()) returning id
     )
     insert into reviewers (user_id, name, email, organization_id, is_admin)
     select u.id, $1, $3, o.id, true from u, o`,
    [`${name} ${suffix}`, `IMP${suffix}`, email, await hash(PASSWORD)],
  );
  await client.end();
  return email;
}

// ---------- Run ----------

const serverUrl = process.env.BENCH_DATABASE_URL;
const reuseUrl = process.env.BENCH_IMPORT_DATABASE_URL;
if (!serverUrl && !reuseUrl) {
  console.warn('catalogue-import benchmark skipped: set BENCH_DATABASE_URL (it needs PostgreSQL).');
  process.exit(0);
}

const load1 = () => loadavg()[0]!.toFixed(2);
const s = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(2));
const database = reuseUrl ? undefined : await createDatabase(serverUrl!, 'mr_bench_import');
const databaseUrl = reuseUrl ?? database!.url;
const lines: string[] = [];
try {
  if (database) {
    // The server migrates the new database at start; the other labels' rows go in after.
    const first = await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false' });
    try {
      await seedOthers(databaseUrl);
    } finally {
      await first.stop();
    }
  }
  console.info(`load average before: ${load1()}`);
  lines.push(
    '| rows | step | upload s | analyse s | dry run s (waited + ran) | import s (waited + ran) | total s | per 1,000-row batch, p50 / p90 / max ms | RSS before → peak MB (kernel peak) | heap (RSS) after a full GC: before / mid-import / after, MB |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const rows of SIZES) {
    // A fresh server per size: the memory figures are that import's alone.
    const server = await startServer({
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${PRELOAD}`.trim(),
    });
    try {
      const pid = pidListeningOn(Number(new URL(server.base).port));
      const email = await newLabel(databaseUrl, `Import ${rows}`);
      const token = await server.signIn(email, PASSWORD);
      const file = csvFile(rows, 'GBIMP');
      console.info(`${rows} rows: ${(file.length / 1024 / 1024).toFixed(1)} MB; server pid ${pid}`);
      const created = await importEndToEnd(server, pid, token, file, true);
      const batches = batchTimes(created.progress);
      console.info(`  dry run: ${JSON.stringify(created.dryRunResult)}`);
      console.info(
        `  import: ${JSON.stringify(created.importResult)}; first batch after ${batches.firstBatchMs} ms`,
      );
      const memory = (m: { beforeMb: number; peakMb: number; hwmMb: number | null } | null) =>
        m ? `${m.beforeMb} → ${m.peakMb} (${m.hwmMb ?? '?'})` : '—';
      const job = (ms: number | null, t: { waitMs: number; runMs: number } | null) =>
        t ? `${s(ms)} (${s(t.waitMs)} + ${s(t.runMs)})` : '—';
      const heap = (h: { before: string; mid: string | null; after: string }) =>
        `${h.before} / ${h.mid ?? '?'} / ${h.after}`;
      lines.push(
        `| ${rows.toLocaleString('en-US')} | new recordings: upload → analyse → dry run → import | ${s(created.uploadMs)} | ${s(created.analyseMs)} | ${job(created.dryRunMs, created.dryRunJob)} | ${job(created.importMs, created.importJob)} | ${s(created.totalMs)} | ${batches.perBatchMs.p50} / ${batches.perBatchMs.p90} / ${batches.perBatchMs.max} | dry run ${memory(created.dryRunMemory)}; import ${memory(created.memory)} | ${heap(created.heap)} |`,
      );
      // An API client may import without a dry run: the import then reads the whole file first
      // itself (after a dry run it takes the dry run's reading, decision 0038). Other ISRCs, so
      // these rows are new too.
      const direct = await importEndToEnd(server, pid, token, csvFile(rows, 'GBIMQ'), false);
      const d = batchTimes(direct.progress);
      console.info(
        `  import without a dry run: ${JSON.stringify(direct.importResult)}; first batch after ${d.firstBatchMs} ms`,
      );
      lines.push(
        `| ${rows.toLocaleString('en-US')} | new recordings without the dry run: upload → analyse → import | ${s(direct.uploadMs)} | ${s(direct.analyseMs)} | — | ${job(direct.importMs, direct.importJob)} | ${s(direct.totalMs)} | ${d.perBatchMs.p50} / ${d.perBatchMs.p90} / ${d.perBatchMs.max} | import ${memory(direct.memory)} | ${heap(direct.heap)} |`,
      );
      if (rows === 50_000) {
        // The same ISRCs again, every title changed: 50,000 updates, each with its audit entry,
        // through the dry run as the web app takes them.
        const changed = await importEndToEnd(server, pid, token, csvFile(rows, 'GBIMP', 'New '), true);
        const b = batchTimes(changed.progress);
        console.info(`  update import: ${JSON.stringify(changed.importResult)}`);
        lines.push(
          `| ${rows.toLocaleString('en-US')} | every title changed (updates): upload → analyse → dry run → import | ${s(changed.uploadMs)} | ${s(changed.analyseMs)} | ${job(changed.dryRunMs, changed.dryRunJob)} | ${job(changed.importMs, changed.importJob)} | ${s(changed.totalMs)} | ${b.perBatchMs.p50} / ${b.perBatchMs.p90} / ${b.perBatchMs.max} | dry run ${memory(changed.dryRunMemory)}; import ${memory(changed.memory)} | ${heap(changed.heap)} |`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  console.info(`load average after: ${load1()}`);
  console.info(`\nCatalogue CSV import (node ${process.version})\n`);
  for (const line of lines) console.info(line);
} finally {
  rmSync(PRELOAD, { force: true });
  rmSync(MEMORY_LOG, { force: true });
  if (database) {
    if (process.env.BENCH_KEEP_DATABASE === '1') console.info(`kept database ${database.url}`);
    else await database.drop();
  }
}
