// Small helpers shared by the npm scripts (plain Node, no dependencies).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'node_modules', '.bin');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when apps/web/dist is missing or older than the web app's or core's sources. */
export function webBuildIsStale() {
  const index = join(ROOT, 'apps/web/dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [
    join(ROOT, 'apps/web/src'),
    join(ROOT, 'apps/web/index.html'),
    join(ROOT, 'apps/web/vite.config.ts'),
    join(ROOT, 'packages/core/src'),
  ].filter(existsSync);
  return sources.some((p) => newestMtime(p) > built);
}

export async function buildWebIfNeeded() {
  if (!webBuildIsStale()) return 0;
  console.info('Building the web app...');
  return run(join(BIN, 'vite'), ['build', '--logLevel', 'warn'], { cwd: join(ROOT, 'apps/web') });
}
