// npm test: every test. Unit and component tests and the server's integration suite on PGlite, then
// the browser tests in Chromium with, beside them, the integration suite on PostgreSQL (when
// TEST_DATABASE_URL is set).
// Ends with one line "tests: N passed, N failed, N skipped" summing all passes.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { BIN, buildWebIfNeeded, ROOT, run } from './lib.mjs';

const suiteStarted = Date.now();
const out = mkdtempSync(join(tmpdir(), 'mr-test-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test by name, printed again at the very end (a CI log is often read from its tail). */
const failedTests = [];

/**
 * The first lines of a failure's message, without colours, indented under its test in the summary:
 * CI keeps only the end of the output, and a name alone says nothing of why a test failed.
 */
function why(message) {
  if (!message) return '';
  const lines = String(message)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape starts the colour codes it removes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, 6);
  return lines.map((line) => `\n      ${line.slice(0, 200)}`).join('');
}

function addVitest(file, label) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (!r.success) failures.push(label);
  for (const file of r.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failedTests.push(
          `${label}: ${file.name.replace(`${ROOT}/`, '')} › ${test.fullName}${why(test.failureMessages?.[0])}`,
        );
    }
    if (file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed'))
      failedTests.push(
        `${label}: ${file.name.replace(`${ROOT}/`, '')} (${(file.message ?? 'failed to run').split('\n')[0]})`,
      );
  }
}

/** The failed and flaky tests of a Playwright JSON report, by file and title path. */
function playwrightProblems(suite, path = []) {
  const here = suite.title ? [...path, suite.title] : path;
  const found = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const failed = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const error = failed?.errors?.[0] ?? failed?.error;
        found.push(
          `browser (${test.status === 'flaky' ? 'flaky, passed on retry' : 'failed'}): ${[...here, spec.title].join(' › ')}${why(error?.message ?? (failed ? `${failed.status} after ${failed.duration} ms` : ''))}`,
        );
      }
    }
  }
  for (const child of suite.suites ?? []) found.push(...playwrightProblems(child, here));
  return found;
}

/** Runs a command with its output into `logFile` (to print later), for a pass run alongside another. */
function runToFile(cmd, args, logFile, options = {}) {
  return new Promise((resolvePromise) => {
    const fd = openSync(logFile, 'w');
    const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], cwd: ROOT, ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      closeSync(fd);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

/** How long each pass took, printed at the end (the suite's time budget is watched per pass). */
const timings = [];
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

async function vitest(label, args, env = {}, { logFile } = {}) {
  const started = Date.now();
  const file = join(out, `${label.replace(/\W+/g, '-')}.json`);
  const argv = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const options = { env: { ...process.env, ...env } };
  const code = logFile
    ? await runToFile(join(BIN, 'vitest'), argv, logFile, options)
    : await run(join(BIN, 'vitest'), argv, options);
  addVitest(file, label);
  if (code !== 0 && !failures.includes(label)) failures.push(label);
  timings.push(`${label}: ${minutes(Date.now() - started)}`);
}

// Vitest runs one worker per core less one (one on two cores), leaving a core idle in this pass,
// which runs alone: its main process mostly waits. One worker per core here (docs/PERFORMANCE.md,
// "Test suite duration"); the PostgreSQL pass below keeps the default, beside the browser tests.
console.info('\n== Unit, component and integration tests (PGlite) ==');
await vitest('vitest (PGlite)', ['--maxWorkers', String(availableParallelism())]);

// The PostgreSQL pass mostly waits on PostgreSQL, so it runs beside the browser tests (which mostly
// wait on Chromium and the app server): about a minute and a half less on two cores. Its output is
// printed when it ends.
let postgresPass = Promise.resolve();
const postgresLog = join(out, 'postgres-pass.log');
if (process.env.TEST_DATABASE_URL) {
  console.info('\n== Integration tests against PostgreSQL (TEST_DATABASE_URL), beside the browser tests ==');
  const parallel = process.env.SKIP_E2E !== '1';
  postgresPass = vitest(
    'server (PostgreSQL)',
    ['--project', 'server'],
    { TEST_DB: 'postgres' },
    {
      logFile: parallel ? postgresLog : undefined,
    },
  );
  if (!parallel) await postgresPass;
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
    const started = Date.now();
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
      for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? [])
        failedTests.push(...playwrightProblems(suite));
    }
    if (code !== 0) failures.push('browser tests');
    timings.push(`browser tests: ${minutes(Date.now() - started)}`);
  }
}

await postgresPass;
if (existsSync(postgresLog)) {
  console.info('\n== Integration tests against PostgreSQL: output ==');
  process.stdout.write(readFileSync(postgresLog, 'utf8'));
}

rmSync(out, { recursive: true, force: true });
console.info(`\nTimes: ${timings.join('; ')}; in all ${minutes(Date.now() - suiteStarted)}`);
if (failedTests.length)
  console.error(`\nFailed or flaky tests:\n${failedTests.map((t) => `  - ${t}`).join('\n')}`);
if (failures.length) console.error(`\nFailed: ${failures.join(', ')}`);
console.info(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
