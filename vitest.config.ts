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

const SERVER_SRC = join(import.meta.dirname, 'apps/server/src');
/** The marker a server test file carries when nothing it checks depends on the database it runs on. */
export const DATABASE_INDEPENDENT = '// Database-independent:';

/**
 * Server test files that never open the test database (parsers, protocols, the real boot, which
 * always embeds its own): the PostgreSQL pass skips them, since running them twice checks nothing
 * more. A file says so on a line of its own starting with DATABASE_INDEPENDENT; one that imports
 * the test harness may not (it would hide a database check from the PostgreSQL pass).
 */
function databaseIndependentServerTests(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) {
        const text = readFileSync(path, 'utf8');
        if (!text.split('\n').some((line) => line.startsWith(DATABASE_INDEPENDENT))) continue;
        if (/from '[^']*test\/(harness|job-server|api-helpers|web-app)\.ts'|createTestDatabase/.test(text))
          throw new Error(
            `${relative(SERVER_SRC, path)} is marked database-independent but opens the test database`,
          );
        files.push(`src/${relative(SERVER_SRC, path)}`);
      }
    }
  };
  walk(SERVER_SRC);
  return files;
}
const skippedOnPostgres = process.env.TEST_DB === 'postgres' ? databaseIndependentServerTests() : [];

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
          exclude: skippedOnPostgres,
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
