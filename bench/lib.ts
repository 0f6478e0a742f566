// Shared pieces of the HTTP benchmarks: a server in its own process, a throw-away PostgreSQL
// database, autocannon runs summarised as requests/s with p50 and p99, and the CPU a process or the
// database's backends used.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = resolve(import.meta.dirname, '..');
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

export interface Result {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export async function load(
  name: string,
  url: string,
  connections: number,
  headers: Record<string, string> = {},
): Promise<Result> {
  // A short warm-up so JIT and pools are ready, then the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  return resultOf(name, connections, await autocannon({ url, connections, duration: DURATION, headers }));
}

/** One row of a load table from an autocannon run. */
export function resultOf(name: string, connections: number, r: autocannon.Result): Result {
  return {
    name,
    connections,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export function spawnNode(args: string[], env: Record<string, string>) {
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A fresh database on the server at serverUrl; drop() removes it. */
export async function createDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts the real server (production mode) on a free-ish port; stop() ends it and its data dir. A
 * server that is not up within `startTimeoutMs` is stopped (and its data dir removed) before the error.
 */
export async function startServer(env: Record<string, string>, { startTimeoutMs = 60_000 } = {}) {
  // 3300-3799, skipping MariaDB's 3306 (the only service this machine runs in that range).
  let port = 3306;
  while (port === 3306) port = 3300 + Math.floor(Math.random() * 500);
  const dataDir = mkdtempSync(join(tmpdir(), 'mr-bench-'));
  const child = spawnNode(
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'apps/server/src/main.ts')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // Links, cookies and the Content-Security-Policy name the address the benchmarks call.
      APP_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'production',
      // Required in production; the benchmarks send no mail, so nothing listens there.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      // Required in production with DATABASE_URL (encrypts stored authenticator secrets).
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...env,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/v1/health`, child, startTimeoutMs);
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    async signIn(email: string, password: string) {
      const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { access_token } = (await res.json()) as { access_token?: string };
      if (!access_token) throw new Error(`sign-in failed for ${email}`);
      return access_token;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function printTable(title: string, results: Result[]) {
  console.info(`\n${title} (${DURATION} s, node ${process.version})\n`);
  console.info('| target | connections | requests/s | p50 ms | p99 ms | errors | non-2xx |');
  console.info('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.info(
      `| ${r.name} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    );
  }
  if (results.some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
}

// ---------- CPU time: what the work costs, whatever else the machine runs ----------

/** The process listening on the port (the server; its parent is tsx's launcher). */
export function pidListeningOn(port: number) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A') inodes.add(f[9]!);
    }
  }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (inodes.has(link.slice('socket:['.length, -1))) return Number(pid);
      }
    } catch {}
  }
  throw new Error(`no process listens on ${port}`);
}

/** Seconds of CPU a process has used (user + system; Linux counts in 1/100 s); 0 once it is gone. */
export function cpuSeconds(pid: number, { withChildren = false } = {}) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime; with the children it has waited for (cutime, cstime) when asked.
    const children = withChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return (Number(fields[11]) + Number(fields[12]) + children) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU the database's backends use while it runs: its connections are listed every `everyMs` (a
 * backend's CPU counts from when it is first seen, or from its start if it starts meanwhile).
 */
export async function backendCpu(databaseUrl: string, everyMs = 250) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const own = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const seen = new Map<number, { first: number; last: number }>();
  const list = async (isFirst: boolean) => {
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> $1',
      [own],
    );
    for (const { pid } of rows) {
      const now = cpuSeconds(pid);
      const entry = seen.get(pid);
      if (entry) entry.last = Math.max(entry.last, now);
      else seen.set(pid, { first: isFirst ? now : 0, last: now });
    }
  };
  await list(true);
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, everyMs));
      await list(false);
    }
  })();
  return async () => {
    stopped = true;
    await polling;
    await list(false);
    await c.end();
    return [...seen.values()].reduce((sum, e) => sum + e.last - e.first, 0);
  };
}
