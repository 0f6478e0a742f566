/**
 * A pooled connection the database server closes while idle (a restart, a dropped test database)
 * is logged as one sanitised error, without the client object and its connection settings.
 * PostgreSQL only (PGlite has no server to close it).
 */

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDbKind } from '../../test/harness.ts';
import { type Database, queryRows } from './index.ts';

describe.skipIf(testDbKind() !== 'postgres')('the PostgreSQL pool', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.close();
  });

  it('logs an idle connection closed by the server sanitised, with its code, and keeps working', async () => {
    const logged: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    const owner = database.asOwner('the test finds its own connection');
    const [me] = await queryRows<{ pid: number }>(owner, sql`select pg_backend_pid() as pid`);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [me!.pid]);
    await admin.end();
    await vi.waitFor(() => expect(logged.length).toBeGreaterThan(0), { timeout: 5_000 });

    const [message, error] = logged[0]!;
    expect(message).toBe('postgres pool error');
    expect(error).toMatchObject({ code: '57P01' });
    expect(error).not.toHaveProperty('client');
    expect(JSON.stringify(error)).not.toContain('connectionParameters');
    // The pool opens another connection for the next query.
    expect(await queryRows<{ ok: number }>(owner, sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
  });
});
