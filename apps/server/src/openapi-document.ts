/**
 * The API's OpenAPI document as the server publishes it at /api/v1/openapi.json, built without a
 * listening server: an app over a throwaway embedded database. For the lint step
 * (scripts/lint-openapi.ts) and anything else that reads the document outside a running server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { createContext } from './context.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/index.ts';

export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mr-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const ctx = await createContext(config, database);
    const app = await buildApp(ctx, { serveWeb: false, logger: false });
    await app.ready();
    const document = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    await ctx.mailer.close();
    return document;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
