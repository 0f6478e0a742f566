// Load benchmark of GET /api/v1/me with a valid token, 50 concurrent connections, beside a bare
// Node http hello-world measured in the same run. The server runs in a child process (as in
// production) so the load generator does not share its event loop.
// Usage: npm run bench            (embedded PGlite)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   (a fresh database on that server)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  // A short warm-up so JIT and pools are ready, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

function spawnNode(args: string[], env: Record<string, string>) {
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function main() {
  const results: Result[] = [];
  const port = 3300 + Math.floor(Math.random() * 500);
  const dataDir = mkdtempSync(join(tmpdir(), 'mr-bench-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  let database: string | undefined;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Required in production; /me sends no mail, so nothing listens there.
    SMTP_URL: 'smtp://127.0.0.1:2525',
  };
  if (serverUrl) {
    database = `mr_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${database}`;
    env.DATABASE_URL = u.toString();
  }
  const server = spawnNode(
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'apps/server/src/main.ts')],
    env,
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/api/v1/health`, server);
    const signIn = await fetch(`http://127.0.0.1:${port}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-password' }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    if (!access_token) throw new Error('sign-in failed');
    results.push(
      await load(
        `GET /api/v1/me (${serverUrl ? 'PostgreSQL' : 'PGlite'})`,
        `http://127.0.0.1:${port}/api/v1/me`,
        {
          authorization: `Bearer ${access_token}`,
        },
      ),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl && database) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }

  const helloPort = port + 1;
  const hello = spawnNode(
    [
      '-e',
      `require('node:http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"hello":"world"}')}).listen(${helloPort},'127.0.0.1')`,
    ],
    {},
  );
  try {
    await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
    results.push(await load('bare node:http hello-world', `http://127.0.0.1:${helloPort}/`));
  } finally {
    hello.kill('SIGTERM');
  }

  console.info(`\n${CONNECTIONS} connections, ${DURATION} s, node ${process.version}\n`);
  console.info('| target | requests/s | p50 ms | p99 ms | errors | non-2xx |');
  console.info('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results)
    console.info(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  if (results.some((r) => r.errors > 0 || r.non2xx > 0)) process.exitCode = 1;
}

await main();
