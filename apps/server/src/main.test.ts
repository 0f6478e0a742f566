// Database-independent: the real boot always embeds its own PGlite (the PostgreSQL pass skips it; vitest.config.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real boot: `tsx src/main.ts` as `npm start` runs it, on an embedded database of its own.
const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAIN = join(ROOT, 'apps/server/src/main.ts');
const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

function boot(env: Record<string, string>) {
  const child = spawn(process.execPath, [TSX, MAIN], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess) {
  // A first start migrates a new embedded database, installs the job queue's schema and synthesises
  // the demo's audio: about 15 s on a quiet 2-core machine, past 60 s in a full run with the browser
  // tests beside it. The test is about what starts, not how fast (bench/ measures speed).
  const until = Date.now() + 150_000;
  while (Date.now() < until && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not come up');
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('booting the server', () => {
  it('refuses a malformed variable at start, naming it', async () => {
    const { exited, output } = boot({ PORT: 'not-a-port' });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT');
  });

  it('starts with demo data, prints the accounts, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mr-boot-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = boot({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true' });
    await waitForHealth(port, server.child);
    expect(server.output()).toContain('admin@demo.test');
    // No SMTP_URL: the banner says the mailbox with everyone's links is for this machine only.
    expect(server.output()).toMatch(
      /dev mailbox at \S+\/dev\/mailbox, served to loopback clients only \(127\.0\.0\.0\/8, ::1\), because no SMTP_URL is set/,
    );

    const signIn = await fetch(`http://127.0.0.1:${port}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-password' }),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('x-request-id')).toBeTruthy();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Stopped listening: a new connection is refused.
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
  }, 180_000);
});
