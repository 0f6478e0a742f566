import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

const WEB_SRC = join(import.meta.dirname, 'apps/web/src');

/**
 * The web tests share one jsdom and one module registry per worker (isolate: false): re-creating
 * both for each of the 45+ files took about three quarters of the suite's time. A file that
 * replaces modules with vi.mock needs a fresh registry, so those files run isolated, found here.
 */
function webTestsWithModuleMocks(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && readFileSync(path, 'utf8').includes('vi.mock(')) {
        files.push(relative(WEB_SRC, path));
      }
    }
  };
  walk(WEB_SRC);
  return files;
}
const isolatedWebTests = webTestsWithModuleMocks();

// Four projects: pure rules (core), the web app's components (jsdom; web-isolated for files that
// mock modules), and the server's
// integration suite against a real database (PGlite, or PostgreSQL with TEST_DB=postgres).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: isolatedWebTests.map((file) => `src/${file}`),
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: './apps/web',
          // An empty list would mean the default pattern: match nothing instead.
          include: isolatedWebTests.length ? isolatedWebTests.map((file) => `src/${file}`) : ['<none>'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./src/test/setup.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app and database; reusing the worker's modules between files
          // saves importing the whole server again per file (a minute and more of the PostgreSQL pass).
          isolate: false,
        },
      },
    ],
  },
});
