// Delivery of a 20-track album (issue 15, Performance): 20 masters of about 50 MB each (44.1 kHz
// 24-bit stereo WAV, 190 s) and a 3000 x 3000 PNG cover, end to end as the web app takes it, to a
// real SFTP server (the SFTP test server, in this process, over a temporary folder). The server runs
// in its own process (production mode) with its files on local disk; the inspection job reads every
// file once, then the delivery job streams them over SFTP. The server's resident memory is sampled
// from /proc every 100 ms (and the kernel's peak, VmHWM, reset per step) during the upload, the
// inspection and the delivery. Nothing holds a whole file: the masters are generated as they are
// uploaded.
// Aim: the delivery streams with flat memory (the peak does not grow with the files' size).
// Usage: npm run bench -- distribution-delivery                 (embedded PGlite)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- distribution-delivery
// (BENCH_DELIVERY_TRACKS and BENCH_DELIVERY_SECONDS change the number and length of the masters.)
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { startSftpTestServer } from '@music-review/server/src/features/distribution/transports/sftp-test-server.ts';
import { makePng } from '@music-review/server/src/platform/storage/test-media.ts';
import { wavStream } from '@music-review/server/src/test/media-generators.ts';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { createDatabase, pidListeningOn, startServer } from './lib.ts';

const TRACKS = Number(process.env.BENCH_DELIVERY_TRACKS ?? 20);
const SECONDS = Number(process.env.BENCH_DELIVERY_SECONDS ?? 190);
const PASSWORD = 'bench-password';
const SFTP_PASSWORD = 'bench-sftp-password';
const UPC = '5012345678900';
const LABEL = 'Bench Delivery Records';
/** A tone with half a second of silence at each end: well under the 10 s stores accept. */
const WAV = {
  seconds: SECONDS,
  sampleRate: 44_100,
  bitDepth: 24,
  channels: 2,
  leadingSilence: 0.5,
  trailingSilence: 0.5,
} as const;
/** A 44-byte header, then 3 bytes x 2 channels per frame: 190 s is 8,379,000 frames, 50,274,044 bytes. */
const WAV_BYTES = 44 + Math.round(SECONDS * 44_100) * 6;

type Created = { id: string };
type Delivery = {
  id: string;
  destination_id: string;
  status: string;
  error: string | null;
  message_id: string;
  files: { path: string; bytes: number }[];
};
type Detail = {
  readiness: { checking: number; errors: unknown[]; warnings: { code: string }[] };
  deliveries: Delivery[];
};
type Job = {
  id: string;
  kind: string;
  status: string;
  progress_done: number;
  progress_total: number | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

// ---------- The server process's memory, from /proc ----------

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
  samples: number;
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
  const timer = setInterval(() => series.push(statusKb(pid, 'VmRSS')), 100);
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
        samples: series.length,
      },
    };
  } finally {
    clearInterval(timer);
  }
}

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
    const answer = new Promise<void>((resolve, reject) => {
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
    await answer;
  }

  /** Presign, PUT, attach: a release's artwork or a recording's master. */
  async function upload(path: string, filename: string, contentType: string, bytes: number, body: Readable) {
    const presign = await api<{ key: string; upload_url: string; content_type: string }>(
      'POST',
      `${path}/presign`,
      { filename, content_type: contentType, size_bytes: bytes },
    );
    await put(presign.upload_url, presign.content_type, bytes, body);
    await api('POST', path, { key: presign.key });
  }

  /** Polls the job every 250 ms until it finished. */
  async function finished(id: string) {
    for (;;) {
      const job = await api<Job>('GET', `/api/v1/jobs/${id}`);
      if (['succeeded', 'failed', 'cancelled'].includes(job.status)) {
        if (job.status !== 'succeeded') throw new Error(`job ${job.kind} ${job.status}: ${job.error}`);
        return job;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** The newest job of a kind the caller started (the distribution endpoints do not answer its id). */
  async function newestJob(kind: string, after: Set<string>) {
    for (let i = 0; i < 100; i++) {
      const job = (await api<Job[]>('GET', '/api/v1/jobs')).find((j) => j.kind === kind && !after.has(j.id));
      if (job) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no ${kind} job was started`);
  }
  const jobIds = async () => new Set((await api<Job[]>('GET', '/api/v1/jobs')).map((j) => j.id));

  return { api, upload, finished, newestJob, jobIds };
}

/** How long the job waited for a worker, and how long it then ran (the server's own clock). */
function jobTimes(job: Job) {
  const at = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);
  return { waitMs: at(job.started_at) - at(job.created_at), runMs: at(job.finished_at) - at(job.started_at) };
}

// ---------- Seed: a confirmed admin of a label on the Label plan ----------

type Query = (text: string, params: unknown[]) => Promise<unknown>;

async function newLabel(query: Query) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `delivery-${suffix}@bench.test`;
  await query(
    `with o as (
       insert into organizations (name, invite_code, subscription_plan_id)
       select $1, upper($2), id from subscription_plans where name = 'Label' returning id
     ), u as (
       insert into users (email, password_hash, user_metadata, email_confirmed_at)
       values ($3, $4, jsonb_build_object('name', $1::text), now()) returning id
     )
     insert into reviewers (user_id, name, email, organization_id, is_admin)
     select u.id, $1, $3, o.id, true from u, o`,
    [LABEL, `DLV${suffix}`, email, await hash(PASSWORD)],
  );
  return email;
}

/** Writes the label with SQL: through pg on PostgreSQL, else by opening the stopped server's PGlite folder. */
async function seed(databaseUrl: string | undefined, dataDir: string) {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return await newLabel((text, params) => c.query(text, params));
    } finally {
      await c.end();
    }
  }
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    return await newLabel((text, params) => db.query(text, params));
  } finally {
    await db.close();
  }
}

// ---------- Run ----------

/** "master_split_missing × 20": each code once, with how often it came. */
function countCodes(problems: { code: string }[]) {
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(p.code, (counts.get(p.code) ?? 0) + 1);
  return [...counts].map(([code, n]) => `${code} × ${n}`).join(', ');
}
const load1 = () => loadavg()[0]!.toFixed(2);
const s = (ms: number) => (ms / 1000).toFixed(1);
const memory = (m: Memory) =>
  `${m.beforeMb} → ${m.peakMb} (${m.hwmMb ?? '?'}); at ¼ ½ ¾: ${m.quartersMb.join(' / ')}; after ${m.afterMb}`;

const serverUrl = process.env.BENCH_DATABASE_URL;
const database = serverUrl ? await createDatabase(serverUrl, 'mr_bench_delivery') : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'mr-bench-delivery-data-'));
const sftpRoot = mkdtempSync(join(tmpdir(), 'mr-bench-delivery-sftp-'));
const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  // The same key for both starts, so what the first sealed the second can open.
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  ...(database ? { DATABASE_URL: database.url } : {}),
};
const sftp = await startSftpTestServer({ root: sftpRoot, username: 'label', password: SFTP_PASSWORD });
let benchPeakRss = 0;
const benchTimer = setInterval(() => {
  benchPeakRss = Math.max(benchPeakRss, process.memoryUsage().rss);
}, 100);
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  console.info(`load average before: ${load1()} (1 min; the machine is shared)`);
  // The server migrates the new database at its start. On PostgreSQL the label goes in beside it;
  // PGlite's folder has one user at a time, so the label goes in while the server is stopped.
  server = await startServer(env);
  let email: string;
  if (database) email = await seed(database.url, dataDir);
  else {
    // main.ts starts the job queue after it listens; a stop during that start ends in an error.
    await new Promise((r) => setTimeout(r, 2000));
    await server.stop();
    server = undefined;
    email = await seed(undefined, dataDir);
    server = await startServer(env);
  }
  const pid = pidListeningOn(Number(new URL(server.base).port));
  const { api, upload, finished, newestJob, jobIds } = client(
    server.base,
    await server.signIn(email, PASSWORD),
  );
  console.info(`${database ? 'PostgreSQL' : 'PGlite'}; server pid ${pid}; SFTP on port ${sftp.port}`);

  // The catalogue: settings, parties, a work, the recordings and the album.
  const settings = await api<{ row_version: number }>('GET', '/api/v1/catalogue/settings');
  await api('PATCH', '/api/v1/catalogue/settings', {
    ddex_dpid: 'PADPIDA2026112601Q',
    label_name: LABEL,
    row_version: settings.row_version,
  });
  const writer = await api('POST', '/api/v1/parties', { name: 'Ana Writer', roles: ['writer'] });
  const artist = await api('POST', '/api/v1/parties', { name: 'The Harbour Lights', roles: ['artist'] });
  const work = await api('POST', '/api/v1/catalogue/works', {
    title: 'Harbour Nights',
    writers: [{ party_id: writer.id, role: 'composer_lyricist', share: 100 }],
  });
  const recordings: string[] = [];
  for (let i = 1; i <= TRACKS; i++) {
    const recording = await api('POST', '/api/v1/catalogue/recordings', {
      title: `Harbour Song ${i}`,
      display_artist: 'The Harbour Lights',
      isrc: `GBDLV26${String(i).padStart(5, '0')}`,
      language: 'en',
      genre: 'Alternative',
      p_line_year: 2026,
      p_line_owner: LABEL,
      work_id: work.id,
      artists: [{ party_id: artist.id, role: 'primary' }],
    });
    recordings.push(recording.id);
  }
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const release = await api('POST', '/api/v1/catalogue/releases', {
    title: 'Harbour Nights',
    display_artist: 'The Harbour Lights',
    release_type: 'album',
    upc: UPC,
    label_name: LABEL,
    release_date: inAMonth,
    p_line_year: 2026,
    p_line_owner: LABEL,
    c_line_year: 2026,
    c_line_owner: LABEL,
    genre: 'Alternative',
    tracks: recordings.map((id) => ({ recording_id: id })),
  });

  // The files: the cover, then each master generated as it is sent.
  const cover = makePng(3000, 3000);
  const totalBytes = cover.length + TRACKS * WAV_BYTES;
  const uploadStart = performance.now();
  const uploaded = await withMemory(pid, async () => {
    await upload(
      `/api/v1/catalogue/releases/${release.id}/artwork`,
      'cover.png',
      'image/png',
      cover.length,
      Readable.from([cover]),
    );
    for (const [i, id] of recordings.entries()) {
      await upload(
        `/api/v1/catalogue/recordings/${id}/master`,
        `harbour-song-${i + 1}.wav`,
        'audio/wav',
        WAV_BYTES,
        wavStream(WAV),
      );
    }
  });
  const uploadMs = performance.now() - uploadStart;
  console.info(
    `uploaded ${TRACKS} masters of ${WAV_BYTES.toLocaleString('en-US')} bytes and a ${cover.length.toLocaleString('en-US')}-byte cover in ${s(uploadMs)} s`,
  );

  // The inspection: the first readiness check finds the files unread and starts the job.
  const known = await jobIds();
  const inspectStart = performance.now();
  const inspected = await withMemory(pid, async () => {
    const first = await api<Detail>('GET', `/api/v1/distribution/releases/${release.id}`);
    if (first.readiness.checking === 0) throw new Error('the readiness check found every file already read');
    const job = await finished((await newestJob('distribution-inspect-media', known)).id);
    for (;;) {
      const detail = await api<Detail>('GET', `/api/v1/distribution/releases/${release.id}`);
      if (detail.readiness.checking === 0) return { job, detail };
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  const inspectMs = performance.now() - inspectStart;
  const { readiness } = inspected.value.detail;
  if (readiness.errors.length > 0)
    throw new Error(`the release is not ready: ${JSON.stringify(readiness.errors, null, 2)}`);
  console.info(`inspected in ${s(inspectMs)} s; warnings: ${countCodes(readiness.warnings) || 'none'}`);

  // The destination and the delivery.
  const destination = await api('POST', '/api/v1/distribution/destinations', {
    name: 'Bench SFTP',
    recipient_dpid: 'PADPIDA2007050901U',
    recipient_name: 'Bench Distributor',
    stores: ['spotify', 'apple_music'],
    connection: {
      kind: 'sftp',
      host: '127.0.0.1',
      port: sftp.port,
      username: 'label',
      password: SFTP_PASSWORD,
      host_key_sha256: sftp.hostKeySha256,
    },
  });
  const knownBefore = await jobIds();
  const deliverStart = performance.now();
  const delivered = await withMemory(pid, async () => {
    const sent = await api<{ deliveries: Delivery[] }>(
      'POST',
      `/api/v1/distribution/releases/${release.id}/deliver`,
      {
        kind: 'new',
      },
    );
    const id = sent.deliveries.find((d) => d.destination_id === destination.id)?.id;
    if (!id) throw new Error('the delivery to the SFTP destination was not queued');
    const job = await finished((await newestJob('distribution-deliver', knownBefore)).id);
    for (;;) {
      const detail = await api<Detail>('GET', `/api/v1/distribution/releases/${release.id}`);
      const delivery = detail.deliveries.find((d) => d.id === id);
      if (delivery?.status === 'failed') throw new Error(`the delivery failed: ${delivery.error}`);
      if (delivery?.status === 'delivered') return { job, delivery };
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  const deliverMs = performance.now() - deliverStart;
  const { delivery } = delivered.value;

  // What arrived: every file of the batch at its size, the masters and the cover as uploaded.
  const batch = join(sftpRoot, delivery.message_id);
  const problems: string[] = [];
  let arrivedBytes = 0;
  for (const file of delivery.files) {
    const path = join(batch, file.path);
    const size = existsSync(path) ? statSync(path).size : -1;
    if (size !== file.bytes)
      problems.push(`${file.path}: ${size} bytes on the SFTP folder, ${file.bytes} sent`);
    arrivedBytes += Math.max(0, size);
  }
  const resources = readdirSync(join(batch, 'resources')).sort();
  const masters = resources.filter((name) => name.endsWith('.wav'));
  if (masters.length !== TRACKS) problems.push(`${masters.length} masters arrived, ${TRACKS} expected`);
  for (const name of masters) {
    const size = statSync(join(batch, 'resources', name)).size;
    if (size !== WAV_BYTES) problems.push(`${name}: ${size} bytes, ${WAV_BYTES} expected`);
  }
  const coverName = `${UPC}_cover.png`;
  if (!resources.includes(coverName) || statSync(join(batch, 'resources', coverName)).size !== cover.length)
    problems.push(`${coverName}: missing or not ${cover.length} bytes`);
  if (!existsSync(join(batch, `BatchComplete_${delivery.message_id}.xml`)))
    problems.push('the completion marker is missing');
  if (problems.length > 0) throw new Error(`the SFTP folder is not as sent:\n${problems.join('\n')}`);
  console.info(
    `delivered batch ${delivery.message_id}: ${delivery.files.length} files, ${arrivedBytes.toLocaleString('en-US')} bytes, sizes as expected (${sftp.totalConnections} SFTP connections)`,
  );
  console.info(`load average after: ${load1()}`);

  const mibs = (bytes: number, ms: number) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(1);
  const inspectJob = jobTimes(inspected.value.job);
  const deliverJob = jobTimes(delivered.value.job);
  console.info(
    `\nDelivery of ${TRACKS} masters of ${WAV_BYTES.toLocaleString('en-US')} bytes (${(WAV_BYTES / 1e6).toFixed(1)} MB) and a cover to SFTP (${database ? 'PostgreSQL' : 'PGlite'}, node ${process.version})\n`,
  );
  console.info(
    '| step | bytes | time s (job waited + ran) | MiB/s | server RSS before → peak (VmHWM), MiB; during; after |',
  );
  console.info('| --- | ---: | ---: | ---: | --- |');
  console.info(
    `| upload (presigned PUTs, streamed) | ${totalBytes.toLocaleString('en-US')} | ${s(uploadMs)} | ${mibs(totalBytes, uploadMs)} | ${memory(uploaded.memory)} |`,
  );
  console.info(
    `| inspection (MD5, SHA-256, silence; first check → checking = 0) | ${totalBytes.toLocaleString('en-US')} | ${s(inspectMs)} (${s(inspectJob.waitMs)} + ${s(inspectJob.runMs)}) | ${mibs(totalBytes, inspectMs)} | ${memory(inspected.memory)} |`,
  );
  console.info(
    `| delivery to SFTP (POST /deliver → delivered; resources and ERN) | ${arrivedBytes.toLocaleString('en-US')} | ${s(deliverMs)} (${s(deliverJob.waitMs)} + ${s(deliverJob.runMs)}) | ${mibs(arrivedBytes, deliverMs)} | ${memory(delivered.memory)} |`,
  );
  console.info(
    `\nbench process (client and SFTP test server) peak RSS: ${Math.round(benchPeakRss / 1024 / 1024)} MiB`,
  );
} finally {
  clearInterval(benchTimer);
  await server?.stop();
  await sftp.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(sftpRoot, { recursive: true, force: true });
  await database?.drop();
}
