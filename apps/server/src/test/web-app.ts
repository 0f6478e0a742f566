import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../app.ts';
import { type AppContext, createContext } from '../context.ts';
import { loadConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/index.ts';
import type { App } from '../platform/http.ts';
import { createTestDatabase } from './harness.ts';

export interface AppWithWebDist {
  app: App;
  ctx: AppContext;
  database: Database;
  webDist: string;
  close(): Promise<void>;
}

/**
 * The app serving a small web build made for the test (`files`: paths under the build folder, e.g.
 * `index.html`, `assets/app-abc123.js`), with its own database and data folder; `env` adds or
 * replaces configuration. For tests of what the server does with the built web app.
 */
export async function appWithWebDist(
  files: Record<string, string | Uint8Array>,
  env: Record<string, string> = {},
): Promise<AppWithWebDist> {
  const webDist = mkdtempSync(join(tmpdir(), 'mr-web-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'mr-web-data-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(webDist, path)), { recursive: true });
    writeFileSync(join(webDist, path), content);
  }
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://app.test',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: webDist,
    DATA_DIR: dataDir,
    ...env,
  });
  const ctx = await createContext(config, database);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    database,
    webDist,
    async close() {
      await app.close();
      await database.close();
      rmSync(webDist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
