// "Import statement" of a 1,000,000-line DistroKid file on PostgreSQL (issue 16, decision 0028), end
// to end as the web app takes it: the upload URL, the upload (the file generated as it is sent, so
// the bench never holds it), the analysis, the start, then the import polled until it settled. The
// server runs in its own process (production mode) with a label on the Pro plan whose catalogue has
// the 500 recordings and 50 releases of sampleFixtureLine's ISRCs and UPCs, so matching does real
// work; 1 % of the lines carry an ISRC and a UPC the catalogue does not have (they stay unmatched).
// The server's resident memory is sampled from /proc every 100 ms (and the kernel's peak, VmHWM,
// reset per step), and the CPU time of the server and of the database's backends is read from /proc
// (steadier than wall time on a shared machine). After the import, for the breakdown: the SHA-256 pass and the reading and
// normalising of the stored file timed alone in this process, and the summary query timed alone.
// Aim (issue 16): ≥ 50,000 lines/s end to end (queued → imported), server peak RSS < 300 MB.
// Usage: npm run bench -- royalty-import
// (BENCH_DATABASE_URL picks the PostgreSQL server, postgres://postgres@127.0.0.1:5432/test unless
// set; a fresh database is made and dropped. BENCH_ROYALTY_LINES changes the line count.)
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { compareDecimals, fromScaled, toScaled } from '@music-review/core/money';
import { gs1CheckDigit } from '@music-review/core/music-codes';
import { type ColumnMapping, createStatementLineReader } from '@music-review/core/royalty-sources';
import {
  sampleFixtureLine,
  statementFileChunks,
} from '@music-review/server/src/features/royalties/statement-fixtures.ts';
import { copyTextRow } from '@music-review/server/src/platform/db/copy.ts';
import { inspectTabular, readTabularRows } from '@music-review/server/src/platform/tabular/index.ts';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { backendCpu, cpuSeconds, createDatabase, pidListeningOn, startServer } from './lib.ts';

const LINES = Number(process.env.BENCH_ROYALTY_LINES ?? 1_000_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench-password';
const LABEL = 'Bench Royalty Records';
const FILE_NAME = 'distrokid-2024.tsv';
/** One line in a hundred is a track of a release the label does not have. */
const isUnknown = (i: number) => i % 100 === 37;
const RECORDINGS = 500;
const RELEASES = 50;

type Created = { id: string };
type Import = {
  id: string;
  status: string;
  bytes_read: number;
  size_bytes: number;
  line_count: number;
  bad_line_count: number;
  bad_lines: unknown[];
  currencies: { currency: string; lines: number; net: string }[];
  matched_lines: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
};
type Job = {
  id: string;
  kind: string;
  status: string;
  progress_message: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

// ---------- The file ----------

const withCheckDigit = (digits: string) => digits + String(gs1CheckDigit(digits));

/** Line i of the file: sampleFixtureLine's, or (1 %) a code the catalogue does not know. */
function makeLine(i: number) {
  if (!isUnknown(i)) return sampleFixtureLine(i);
  const n = String(i % 997).padStart(3, '0');
  return sampleFixtureLine(i, { isrc: `GBUNK24${n.padStart(5, '0')}`, upc: withCheckDigit(`50699999${n}`) });
}

const fileChunks = () => statementFileChunks('distrokid', LINES, makeLine);

/** A pass over the generated file without keeping it: its size, the lines' net total, those to match. */
function describeFile() {
  let bytes = 0;
  for (const chunk of fileChunks()) bytes += Buffer.byteLength(chunk);
  let net = 0n;
  let matched = 0;
  for (let i = 0; i < LINES; i++) {
    net += toScaled(makeLine(i).net, 4);
    if (!isUnknown(i)) matched++;
  }
  return { bytes, net: fromScaled(net, 4), matched };
}

// ---------- The server's memory, and its import worker's, from /proc ----------

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mb = (kb: number) => Math.round(kb / 1024);

interface Memory {
  beforeMb: number;
  peakMb: number;
  /** The kernel's peak since the step began; null when clear_refs could not be written. */
  hwmMb: number | null;
  afterMb: number;
  /** RSS when a quarter, half, three quarters of the step's samples were taken: flat or growing. */
  quartersMb: number[];
  /** The largest peak (VmHWM, read every 100 ms) of a process the server started: the import worker. */
  childPeakMb: number | null;
}

/** The processes `pid` started (the statement import worker), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Samples the resident memory every 100 ms while `work` runs. */
async function withMemory<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; memory: Memory }> {
  // Resets the kernel's high-water mark (VmHWM) to the current size (Linux 4.0+), so it is this step's.
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  const before = statusKb(pid, 'VmRSS');
  const series: number[] = [before];
  let childPeak: number | null = null;
  const timer = setInterval(() => {
    series.push(statusKb(pid, 'VmRSS'));
    for (const child of childrenOf(pid)) {
      try {
        childPeak = Math.max(childPeak ?? 0, statusKb(child, 'VmHWM'));
      } catch {
        // It exited between the listing and the read.
      }
    }
  }, 100);
  try {
    const value = await work();
    const after = statusKb(pid, 'VmRSS');
    series.push(after);
    const at = (q: number) => mb(series[Math.min(series.length - 1, Math.floor(q * series.length))]!);
    return {
      value,
      memory: {
        beforeMb: mb(before),
        peakMb: mb(Math.max(...series)),
        hwmMb: hwmReset ? mb(statusKb(pid, 'VmHWM')) : null,
        afterMb: mb(after),
        quartersMb: [at(0.25), at(0.5), at(0.75)],
        childPeakMb: childPeak === null ? null : mb(childPeak),
      },
    };
  } finally {
    clearInterval(timer);
  }
}

// ---------- CPU time: what the work costs, whatever else the machine runs ----------

// ---------- The API, as the web app calls it ----------

function client(base: string, token: string) {
  async function api<T = Created>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** The presigned PUT, streamed with its Content-Length (the browser's upload of a file). */
  async function put(url: string, contentType: string, bytes: number, body: Readable) {
    await new Promise<void>((resolve, reject) => {
      const req = request(
        url,
        { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(bytes) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            res.statusCode === 200
              ? resolve()
              : reject(new Error(`upload answered ${res.statusCode}: ${Buffer.concat(chunks).toString()}`)),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      pipeline(body, req).catch(reject);
    });
  }

  return { api, put };
}

// ---------- Seed: a label on the Pro plan, its admin, its catalogue ----------

async function seed(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const suffix = Math.random().toString(36).slice(2, 8);
    const email = `royalty-${suffix}@bench.test`;
    const { rows } = await c.query<{ id: string }>(
      `with o as (
         insert into organizations (name, invite_code, subscription_plan_id)
         select $1, upper($2), id from subscription_plans where name = 'Pro' returning id
       ), u as (
         insert into users (email, password_hash, user_metadata, email_confirmed_at)
         values ($3, $4, jsonb_build_object('name', $1::text), now()) returning id
       ), r as (
         insert into reviewers (user_id, name, email, organization_id, is_admin)
         select u.id, $1, $3, o.id, true from u, o
       )
       select id from o`,
      [LABEL, `ROY${suffix}`, email, await hash(PASSWORD)],
    );
    const org = rows[0]!.id;
    // sampleFixtureLine's catalogue: recording r is GBFXT24 + (r + 1) on release r % 50.
    await c.query(
      `insert into recordings (organization_id, title, display_artist, isrc, origin)
       select $1, 'Fixture Track ' || g, 'Fixture Artist ' || (((g - 1) % 50) % 10 + 1),
         'GBFXT24' || lpad(g::text, 5, '0'), 'manual'
       from generate_series(1, $2::int) g`,
      [org, RECORDINGS],
    );
    for (let r = 0; r < RELEASES; r++) {
      await c.query(
        `insert into releases (organization_id, title, display_artist, upc, catalogue_number)
         values ($1, $2, $3, $4, $5)`,
        [
          org,
          `Fixture Release ${r + 1}`,
          `Fixture Artist ${(r % 10) + 1}`,
          withCheckDigit(`50600000${String(r).padStart(3, '0')}`),
          `FXT${String(r + 1).padStart(3, '0')}`,
        ],
      );
    }
    await c.query('analyze recordings; analyze releases');
    return email;
  } finally {
    await c.end();
  }
}

// ---------- Each step alone, for the breakdown ----------

/** The job's first pass: SHA-256 of the stored file. */
async function timeSha256(path: string) {
  const t0 = performance.now();
  const digest = createHash('sha256');
  for await (const chunk of createReadStream(path)) digest.update(chunk as Buffer);
  digest.digest('hex');
  return performance.now() - t0;
}

/** The job's second pass without the database: rows read, lines normalised, COPY text made. */
async function timeReadAndNormalise(path: string, mapping: ColumnMapping) {
  const open = async () => createReadStream(path);
  const t0 = performance.now();
  const file = await inspectTabular(open, FILE_NAME);
  const read = createStatementLineReader(mapping, file.headers);
  let rows = 0;
  let copyChars = 0;
  let rowsOnly = 0;
  for await (const record of readTabularRows(open, file)) {
    rows++;
    const result = read(record.cells);
    if (!result.ok) continue;
    const l = result.line;
    // The row import-job's copyRowOf makes.
    copyChars += copyTextRow([
      record.row,
      l.sale_month,
      l.reporting_date,
      l.store,
      l.territory,
      l.isrc,
      l.upc,
      l.catalogue_number,
      l.release_title,
      l.track_title,
      l.artist,
      l.sale_type,
      l.quantity,
      l.gross,
      l.net,
      l.currency,
      record.cells.join('\t'),
    ]).length;
  }
  const totalMs = performance.now() - t0;
  // The reader alone (rows of cells, nothing done with them).
  const t1 = performance.now();
  for await (const _ of readTabularRows(open, file)) rowsOnly++;
  const readerMs = performance.now() - t1;
  if (rowsOnly !== rows) throw new Error('the two reads disagree');
  return { rows, copyChars, totalMs, readerMs };
}

/** The summary the job's last step computes (imports.repo summarizeImportLines), timed alone. */
async function timeSummary(databaseUrl: string, importId: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ organization_id: string }>(
      'select organization_id from royalty_imports where id = $1',
      [importId],
    );
    const t0 = performance.now();
    await c.query(
      `select to_char(sale_month, 'YYYY-MM') as month, currency, count(*)::int as lines, sum(net)::text as net,
         count(*) filter (where recording_id is not null or release_id is not null)::int as matched
       from statement_lines where organization_id = $1 and import_id = $2
       group by 1, 2 order by 1, 2`,
      [rows[0]!.organization_id, importId],
    );
    const summaryMs = performance.now() - t0;
    const size = await c.query<{ table: string; indexes: string }>(
      `select pg_size_pretty(pg_table_size('statement_lines')) as table,
         pg_size_pretty(pg_indexes_size('statement_lines')) as indexes`,
    );
    return { summaryMs, ...size.rows[0]! };
  } finally {
    await c.end();
  }
}

// ---------- Run ----------

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const s = (ms: number) => (ms / 1000).toFixed(2);
const n = (x: number) => x.toLocaleString('en-US');
const memory = (m: Memory) =>
  `${m.beforeMb} → ${m.peakMb} (${m.hwmMb ?? '?'}); at ¼ ½ ¾: ${m.quartersMb.join(' / ')}; after ${m.afterMb}${
    m.childPeakMb === null ? '' : `; import worker peak ${m.childPeakMb}`
  }`;

const database = await createDatabase(SERVER_URL, 'mr_bench_royalty');
const dataDir = mkdtempSync(join(tmpdir(), 'mr-bench-royalty-data-'));
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const loadBefore = load();
  console.info(`load average before (1 / 5 / 15 min): ${loadBefore} (the machine is shared)`);
  const t0 = performance.now();
  const described = describeFile();
  const generateMs = performance.now() - t0;
  console.info(
    `${n(LINES)} lines, ${n(described.bytes)} bytes; generating them takes ${s(generateMs)} s in this process`,
  );

  // The server migrates the new database at its start; the label and catalogue go in beside it.
  server = await startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const email = await seed(database.url);
  const pid = pidListeningOn(Number(new URL(server.base).port));
  const { api, put } = client(server.base, await server.signIn(email, PASSWORD));
  console.info(`PostgreSQL; server pid ${pid}`);

  // Upload: presign, then the file generated chunk by chunk into the PUT.
  const uploadStart = performance.now();
  const uploaded = await withMemory(pid, async () => {
    const presign = await api<{ key: string; upload_url: string; content_type: string }>(
      'POST',
      '/api/v1/finance/imports/uploads',
      { filename: FILE_NAME, size_bytes: described.bytes },
    );
    await put(
      presign.upload_url,
      presign.content_type,
      described.bytes,
      Readable.from(
        (function* () {
          for (const chunk of fileChunks()) yield Buffer.from(chunk, 'utf8');
        })(),
      ),
    );
    return presign.key;
  });
  const uploadMs = performance.now() - uploadStart;
  const key = uploaded.value;
  console.info(`uploaded in ${s(uploadMs)} s`);

  const analyseStart = performance.now();
  const analysis = await api<{ detected_source: string | null; mapping: ColumnMapping }>(
    'POST',
    '/api/v1/finance/imports/analyse',
    { key },
  );
  const analyseMs = performance.now() - analyseStart;
  if (analysis.detected_source !== 'distrokid')
    throw new Error(`the file was detected as ${analysis.detected_source}, not DistroKid`);

  // Start, then poll the import (and its job, for the step it is in) every 250 ms until it settled:
  // each poll costs the server and the database a little, counted in the CPU figures.
  const timeline: { at: number; lines: number; message: string | null }[] = [];
  const jobStart = performance.now();
  const serverCpuBefore = cpuSeconds(pid, { withChildren: true });
  const stopBackendCpu = await backendCpu(database.url);
  const run = await withMemory(pid, async () => {
    const started = await api<Import>('POST', '/api/v1/finance/imports', { key, source: 'distrokid' });
    let jobId: string | undefined;
    for (;;) {
      if (!jobId)
        jobId = (await api<Job[]>('GET', '/api/v1/jobs')).find((j) => j.kind === 'royalty-import')?.id;
      const job = jobId ? await api<Job>('GET', `/api/v1/jobs/${jobId}`) : undefined;
      const row = await api<Import>('GET', `/api/v1/finance/imports/${started.id}`);
      const last = timeline.at(-1);
      const message = job?.progress_message ?? null;
      if (!last || last.lines !== row.line_count || last.message !== message)
        timeline.push({ at: Date.now(), lines: row.line_count, message });
      if (!['queued', 'reading'].includes(row.status))
        return { row, job: await api<Job>('GET', `/api/v1/jobs/${jobId}`) };
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  const polledMs = performance.now() - jobStart;
  const serverCpu = cpuSeconds(pid, { withChildren: true }) - serverCpuBefore;
  const databaseCpu = await stopBackendCpu();
  const { row, job } = run.value;
  const loadAfter = load();
  console.info(`settled as ${row.status} in ${s(polledMs)} s (polled)`);

  // What was loaded: every line, none bad, the matches and the net total as generated.
  const problems: string[] = [];
  if (row.status !== 'imported')
    problems.push(`status ${row.status}: ${row.error ?? JSON.stringify(row.bad_lines)}`);
  if (row.line_count !== LINES) problems.push(`${row.line_count} lines read, ${LINES} written`);
  if (row.bad_line_count !== 0) problems.push(`${row.bad_line_count} bad lines`);
  if (row.matched_lines !== described.matched)
    problems.push(`${row.matched_lines} lines matched, ${described.matched} expected`);
  const usd = row.currencies.find((c) => c.currency === 'USD');
  if (row.currencies.length !== 1 || !usd || compareDecimals(usd.net, described.net) !== 0)
    problems.push(`net ${JSON.stringify(row.currencies)}, USD ${described.net} expected`);
  if (problems.length > 0) throw new Error(`the import is not as sent:\n${problems.join('\n')}`);

  // The server's clock: queued (the import created) → the job started → the job finished. The
  // import's own finished_at is its last transaction's start, before the summary; the job's is after.
  const created = Date.parse(row.created_at);
  const startedAt = Date.parse(job.started_at ?? row.created_at);
  const finishedAt = Date.parse(job.finished_at ?? row.finished_at!);
  const jobMs = finishedAt - created;
  const hashedAt = timeline.find((t) => t.message === 'Reading the file')?.at;
  const firstBatchAt = timeline.find((t) => t.lines > 0)?.at;
  const lastBatchAt = timeline.find((t) => t.lines === LINES)?.at;
  // The first time each line count showed (a changed message alone is not a batch).
  const batches = timeline.filter((t, i) => t.lines > 0 && t.lines !== timeline[i - 1]?.lines);
  const gaps = batches
    .slice(1)
    .map((t, i) => ((t.at - batches[i]!.at) / (t.lines - batches[i]!.lines)) * 20_000)
    .sort((a, b) => a - b);
  const gap = (q: number) => Math.round(gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] ?? 0);

  // Each step alone, after the import (the machine otherwise as busy).
  const stored = join(dataDir, 'storage', 'objects', ...key.split('/'));
  const shaMs = await timeSha256(stored);
  const reading = await timeReadAndNormalise(stored, analysis.mapping);
  const summary = await timeSummary(database.url, row.id);

  const mibs = (bytes: number, ms: number) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(1);
  const linesPerS = Math.round(LINES / (jobMs / 1000));
  console.info(
    `\nStatement import of ${n(LINES)} DistroKid lines (${n(described.bytes)} bytes) on PostgreSQL, node ${process.version}\n`,
  );
  console.info(`load average (1 / 5 / 15 min) before: ${loadBefore}; after the import: ${loadAfter}`);
  console.info('\n| step | time s | rate | server RSS before → peak (VmHWM), MiB; at ¼ ½ ¾; after |');
  console.info('| --- | ---: | ---: | --- |');
  console.info(
    `| upload (presigned PUT, generated as sent; generating alone ${s(generateMs)} s) | ${s(uploadMs)} | ${mibs(described.bytes, uploadMs)} MiB/s | ${memory(uploaded.memory)} |`,
  );
  console.info(`| analyse | ${s(analyseMs)} | | |`);
  console.info(
    `| import, queued → imported (server clock; waited ${s(startedAt - created)} + ran ${s(finishedAt - startedAt)}) | ${s(jobMs)} | **${n(linesPerS)} lines/s** | ${memory(run.memory)} |`,
  );
  console.info(
    `\nCPU during the import (start → settled, ${s(polledMs)} s): server process ${s(serverCpu * 1000)} s, PostgreSQL backends of the database ${s(databaseCpu * 1000)} s; ${n(Math.round(LINES / (serverCpu + databaseCpu)))} lines per CPU-second of both.`,
  );
  console.info('\nSteps of the job, as polled every 250 ms (approximate to a poll):\n');
  console.info('| step | s |');
  console.info('| --- | ---: |');
  if (hashedAt) console.info(`| start → SHA-256 pass done | ${s(hashedAt - startedAt)} |`);
  if (hashedAt && firstBatchAt)
    console.info(
      `| → first batch of 20,000 committed (inspect, read, COPY, insert) | ${s(firstBatchAt - hashedAt)} |`,
    );
  if (firstBatchAt && lastBatchAt)
    console.info(
      `| → last batch committed (${n(batches.length)} progress points; per 20,000 lines p50 ${gap(0.5)} ms, p90 ${gap(0.9)} ms, max ${gap(1)} ms) | ${s(lastBatchAt - firstBatchAt)} |`,
    );
  if (lastBatchAt) console.info(`| → finished (summary, status) | ${s(finishedAt - lastBatchAt)} |`);
  console.info('\nEach step alone, after the import:\n');
  console.info('| step | s | lines/s |');
  console.info('| --- | ---: | ---: |');
  console.info(
    `| SHA-256 of the stored file (this process) | ${s(shaMs)} | ${mibs(described.bytes, shaMs)} MiB/s |`,
  );
  console.info(
    `| rows read (platform/tabular), nothing else (this process) | ${s(reading.readerMs)} | ${n(Math.round(reading.rows / (reading.readerMs / 1000)))} |`,
  );
  console.info(
    `| rows read, normalised (core royalty-sources), COPY text made (this process) | ${s(reading.totalMs)} | ${n(Math.round(reading.rows / (reading.totalMs / 1000)))} |`,
  );
  console.info(`| summary query (imports.repo summarizeImportLines' SQL) | ${s(summary.summaryMs)} | |`);
  console.info(
    `\nstatement_lines: ${summary.table} of table, ${summary.indexes} of indexes; COPY text ${n(reading.copyChars)} characters`,
  );
  // The importing process's peak: the worker's when the server started one (IMPORT_WORKER_MIN_BYTES),
  // else the server's.
  const peak = run.memory.childPeakMb ?? Math.max(run.memory.peakMb, run.memory.hwmMb ?? 0);
  const met = linesPerS >= 50_000 && peak < 300;
  console.info(
    `\nAim: ≥ 50,000 lines/s and peak RSS < 300 MB. ${met ? 'Met' : 'Not met'}: ${n(linesPerS)} lines/s, peak ${peak} MiB (${
      run.memory.childPeakMb === null ? 'the server' : 'the import worker'
    }).`,
  );
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
