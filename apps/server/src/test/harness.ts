import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppContext, createContext } from '../context.ts';
import { loadConfig } from '../platform/config.ts';
import { type Database, openPglite, openPostgres } from '../platform/db/index.ts';
import type { App } from '../platform/http.ts';
import { withDatabase } from './global-setup.ts';

export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: a copy of the run's PGlite template, or with
 * TEST_DB=postgres a new database on the test server made from the run's template.
 */
export async function createTestDatabase(): Promise<Database> {
  const tpl = inject('postgresTemplate');
  if (testDbKind() === 'postgres') {
    if (!tpl) throw new Error('postgres template missing: global setup did not run with TEST_DB=postgres');
    const name = `${tpl.database.replace('mr_tpl_', 'mr_t_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: tpl.serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl.database}`);
    } finally {
      await admin.end();
    }
    const database = await openPostgres(withDatabase(tpl.serverUrl, name), 10);
    const close = database.close.bind(database);
    database.close = async () => {
      await close();
      const drop = new pg.Client({ connectionString: tpl.serverUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => drop.end());
    };
    return database;
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}

export interface TestServer {
  app: App;
  ctx: AppContext;
  database: Database;
  close(): Promise<void>;
}

/** The real HTTP app on a fresh database. Env overrides are applied on top of test defaults. */
export async function createTestServer(
  env: Record<string, string> = {},
  database?: Database,
): Promise<TestServer> {
  const db = database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://app.test',
    SEED_DEMO: 'false',
    // A test that changes data and asks again reads the new analytics answer however slow the
    // machine; the kept answer answered meanwhile (decision 0034) is tested with a short wait.
    ANALYTICS_FRESH_WAIT_MS: '600000',
    ...env,
  });
  const ctx = await createContext(config, db);
  const app = await buildApp(ctx, { serveWeb: false, logger: false });
  await app.ready();
  return {
    app,
    ctx,
    database: db,
    async close() {
      await ctx.jobs.stop();
      await app.close();
      if (!database) await db.close();
    },
  };
}
