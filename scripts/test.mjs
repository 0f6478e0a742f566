// npm test: every test. Unit and component tests, the server's integration suite on PGlite and
// (when TEST_DATABASE_URL is set) on PostgreSQL, then the browser tests in Chromium.
// Ends with one line "tests: N passed, N failed, N skipped" summing all passes.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { BIN, buildWebIfNeeded, ROOT, run } from './lib.mjs';

const out = mkdtempSync(join(tmpdir(), 'mr-test-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function addVitest(file, label) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (!r.success) failures.push(label);
}

async function vitest(label, args, env = {}) {
  const file = join(out, `${label.replace(/\W+/g, '-')}.json`);
  const code = await run(
    join(BIN, 'vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { env: { ...process.env, ...env } },
  );
  addVitest(file, label);
  if (code !== 0 && !failures.includes(label)) failures.push(label);
}

console.info('\n== Unit, component and integration tests (PGlite) ==');
await vitest('vitest (PGlite)', []);

if (process.env.TEST_DATABASE_URL) {
  console.info('\n== Integration tests against PostgreSQL (TEST_DATABASE_URL) ==');
  await vitest('server (PostgreSQL)', ['--project', 'server'], { TEST_DB: 'postgres' });
} else {
  console.warn(
    '\nNOTICE: the PostgreSQL pass of the integration suite is skipped because TEST_DATABASE_URL is not set ' +
      '(example: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test).',
  );
}

if (process.env.SKIP_E2E === '1') {
  console.warn('\nNOTICE: browser tests skipped (SKIP_E2E=1).');
} else {
  console.info('\n== Browser tests (Playwright, Chromium) ==');
  if (!ensureChromium()) {
    failures.push('browser tests (Chromium missing)');
  } else if ((await buildWebIfNeeded()) !== 0) {
    failures.push('web build');
  } else {
    const file = join(out, 'e2e.json');
    const code = await run(
      join(BIN, 'playwright'),
      ['test', '--config', join(ROOT, 'e2e/playwright.config.ts')],
      {
        env: { ...process.env, E2E_JSON: file },
      },
    );
    if (existsSync(file)) {
      const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
    }
    if (code !== 0) failures.push('browser tests');
  }
}

rmSync(out, { recursive: true, force: true });
if (failures.length) console.error(`\nFailed: ${failures.join(', ')}`);
console.info(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
