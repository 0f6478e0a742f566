import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../platform/db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { serverUrl: string; database: string } | null;
  }
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Migrates the schema once per run: a PGlite data directory dumped to a file (each test file loads
 * a copy), and, with TEST_DB=postgres, a template database on TEST_DATABASE_URL's server that each
 * test file copies with CREATE DATABASE ... TEMPLATE. Everything is removed at the end.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'mr-test-'));
  const pgliteTemplatePath = join(dir, 'template.tar');
  const db = await openPglite();
  await db.migrate();
  // Uncompressed: each test file loads it, and skipping the gunzip saves about 0.7 s per file.
  const dump = await db.pglite!.dumpDataDir('none');
  writeFileSync(pgliteTemplatePath, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplatePath', pgliteTemplatePath);

  let postgresTemplate: { serverUrl: string; database: string } | null = null;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres') {
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const database = `mr_tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const tpl = await openPostgres(withDatabase(serverUrl, database), 2);
    await tpl.migrate();
    await tpl.close();
    postgresTemplate = { serverUrl, database };
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) {
      const admin = new pg.Client({ connectionString: postgresTemplate.serverUrl });
      await admin.connect();
      const prefix = postgresTemplate.database.replace('mr_tpl_', 'mr_t_');
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [postgresTemplate.database, `${prefix}%`],
      );
      for (const { datname } of leftovers.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
      }
      await admin.end();
    }
  };
}
