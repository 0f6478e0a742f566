// Browser tests need Debian's Chromium. Installs it when missing and we are root; otherwise says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
    return false;
  }
  console.info('Installing Chromium from Debian (needed by the browser tests)...');
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    console.error('Installing Chromium failed. Install it by hand: apt-get install -y chromium');
    return false;
  }
  return existsSync(CHROMIUM);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
