import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '..');
// The config is evaluated in the runner and in every worker: the first evaluation picks the port
// and the data directory and leaves them in the environment, which the workers inherit.
// 4200-4799 holds no port Chromium refuses to open (3659, 4045, 4190 are on its list); the services
// this machine runs in that range are skipped: NATS (4222) and Erlang's port mapper for RabbitMQ (4369).
const TAKEN = new Set([4222, 4369]);
function pickPort(): number {
  for (;;) {
    const port = 4200 + Math.floor(Math.random() * 600);
    if (!TAKEN.has(port)) return port;
  }
}
process.env.E2E_PORT ??= String(pickPort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'mr-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(ROOT, 'test-results/e2e'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two cores run the server, the browser and two workers, and in CI the PostgreSQL pass beside
  // them: generous, so only real failures fail. A CI run of 35 min (a quiet run's 15) failed a
  // test that takes 10 s alone and 22 s beside another worker; these limits check behaviour, and
  // the speed aims live in bench/.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  globalTeardown: './global-teardown.ts',
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? join(ROOT, 'test-results/e2e.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `node ${join(ROOT, 'node_modules/tsx/dist/cli.mjs')} ${join(ROOT, 'apps/server/src/main.ts')}`,
    url: `${baseURL}/api/v1/health`,
    cwd: ROOT,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Many sign-ins from one address in a short run: the limiter has its own integration tests.
      RATE_LIMIT_SIGNIN_PER_IP: '100000',
      RATE_LIMIT_SIGNUP_PER_IP: '100000',
      RATE_LIMIT_RECOVER_PER_IP: '100000',
      RATE_LIMIT_VERIFY_PER_IP: '100000',
      RATE_LIMIT_PUBLIC_LINK_PER_IP: '100000',
      REMINDER_INTERVAL_SECONDS: '2',
      // Distribution's acknowledgement folders read every 2 s, so an acknowledgement shows quickly.
      DISTRIBUTION_ACK_POLL_SECONDS: '2',
    },
  },
});
