import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { sanitizeError } from '../logging.ts';
import { copyIntoPglite, copyIntoPostgres } from './copy.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

declare const scope: unique symbol;
/**
 * A transaction bound to one organization, handed out only by `withOrg`: row-level security hides
 * every other organization's rows. Tenant repositories accept nothing else, so a query on tenant
 * data cannot run outside an organization by accident (docs/decisions/0023-tenant-scope-in-types.md).
 */
export type OrgTx = Tx & { readonly [scope]: 'organization' };
/**
 * The database at owner level, outside any organization, handed out only by `asOwner(reason)` or
 * `asOwnerTransaction(reason, fn)`. The few tenant-repository functions that must read across
 * organizations (a public link names its row before its organization is known, a sweep over every
 * label) declare this type, so `grep asOwner` lists every such read with its reason.
 */
export type OwnerScope = (Db | Tx) & { readonly [scope]: 'owner' };
/**
 * Tables that belong to no organization (users, sessions, plans, signing keys, rate limits, the dev
 * mailbox) take any handle: the database, a transaction, or either scope above.
 */
export type Queryable = Db | Tx;

/** Runs hand-written SQL and returns its rows (both drivers answer with { rows }). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../migrations');
export const CHANGES_CHANNEL = 'mr_changes';

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when kind is 'pglite' (tests dump and load its data directory). */
  pglite?: PGlite;
  /** The connection string, when kind is 'postgres' (tests start a second process on it). */
  url?: string;
  /**
   * The database for tables that belong to no organization. Tenant repositories do not accept it:
   * they take an `OrgTx` from `withOrg`, or an `OwnerScope` from `asOwner` where they say so.
   */
  global: Db;
  /**
   * Runs fn in a transaction bound to one organization: row-level security then hides every
   * other organization's rows, even if a query forgets its filter.
   */
  withOrg<T>(organizationId: string, fn: (tx: OrgTx) => Promise<T>): Promise<T>;
  /**
   * The owner-level path to tenant tables, outside row-level security. Only for reads that cannot
   * know the organization first or must span every organization; the reason is required so each
   * use says why (and shows in `grep asOwner`).
   */
  asOwner(reason: string): OwnerScope;
  /** asOwner, inside one transaction. */
  asOwnerTransaction<T>(reason: string, fn: (tx: OwnerScope) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs the migrations, then installs or upgrades the job queue's own schema (`pgboss`). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Plain SQL for the job queue library (pg-boss) and its own schema `pgboss`, at owner level: the
   * queue holds every label's jobs. Statements without parameters may be several, as pg-boss sends
   * them (its own BEGIN ... COMMIT). Never call it inside a transaction of `withOrg`: on PGlite, the
   * one connection would wait for itself.
   */
  queueSql: QueueSql;
  /**
   * A hot-path statement as plain SQL with $1.. parameters, at owner level (outside row-level
   * security, so the statement filters on organization_id itself; the reason says why it may). On
   * PostgreSQL it is a named prepared statement, so the server parses and plans it once per
   * connection instead of on every request.
   */
  preparedAsOwner<T>(reason: string, name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * One hot-path read statement (named, prepared on PostgreSQL) inside a transaction bound to one
   * organization, like withOrg: three round trips (begin and bind, the statement, commit) instead of
   * four, and no planning after the first executions on a connection.
   */
  preparedAsOrg<T>(organizationId: string, name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * Bulk-loads COPY text (rows from copyTextRow, each ending in \n) into a table inside a transaction
   * of withOrg (the same connection). Use it on a TEMPORARY table (COPY FROM is not allowed on tables
   * with row-level security; other tables are refused); the caller then INSERT ... SELECTs into the
   * real table under RLS. Returns the number of rows copied.
   */
  copyInto(
    tx: OrgTx,
    table: string,
    columns: readonly string[],
    copyText: string | Uint8Array,
  ): Promise<number>;
}

/** The executor pg-boss accepts as its `db` option. */
export interface QueueSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The schema the job queue keeps its tables in. */
export const QUEUE_SCHEMA = 'pgboss';

/** Installs or upgrades pg-boss's schema (its own versioned migrations, under its advisory lock). */
async function migrateQueue(queueSql: QueueSql) {
  const boss = new PgBoss({ db: queueSql, schema: QUEUE_SCHEMA, supervise: false, schedule: false });
  boss.on('error', (error) => console.error('job queue migration', error));
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The statement that binds a transaction to one organization (the id is checked, then quoted). */
function bindOrgText(organizationId: string) {
  if (!UUID.test(organizationId)) throw new Error('organization id must be a uuid');
  return `select set_config('app.organization_id', '${organizationId}', true), set_config('role', 'music_review_app', true)`;
}

function bindOrg(db: Db) {
  return <T>(organizationId: string, fn: (tx: OrgTx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.organization_id', ${organizationId}, true), set_config('role', 'music_review_app', true)`,
      );
      return fn(tx as OrgTx);
    });
}

/** The owner-level handles (the reason is for the reader of the call; nothing is logged). */
function ownerPaths(db: Db): Pick<Database, 'asOwner' | 'asOwnerTransaction'> {
  return {
    asOwner: (_reason) => db as OwnerScope,
    asOwnerTransaction: (_reason, fn) => db.transaction((tx) => fn(tx as OwnerScope)),
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const queueSql: QueueSql = {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
  return {
    kind: 'pglite',
    pglite: client,
    global: db,
    withOrg: bindOrg(db),
    ...ownerPaths(db),
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async preparedAsOwner<T>(_reason: string, _name: string, text: string, params: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    async preparedAsOrg<T>(organizationId: string, _name: string, text: string, params: unknown[]) {
      return client.transaction(async (tx) => {
        await tx.exec(bindOrgText(organizationId));
        return (await tx.query<T>(text, params)).rows;
      });
    },
    copyInto: copyIntoPglite,
    queueSql,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
      await migrateQueue(queueSql);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * withOrg on PostgreSQL: BEGIN and the organization binding go in one round trip (a simple query of
 * two statements; the id is checked as a uuid before it is quoted), then the work, then COMMIT.
 * Drizzle's own transaction sends BEGIN alone, a round trip more on every request. The transaction
 * handed to `fn` is drizzle's, over the checked-out connection, so nested transactions are
 * savepoints as usual.
 */
function bindOrgPostgres(pool: pg.Pool, db: Db): Database['withOrg'] {
  // Drizzle keeps these as private fields; its own transaction builds the same two objects.
  const root = db as unknown as {
    dialect: PgDialect;
    session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: object };
  };
  return (organizationId, fn) =>
    inBoundConnection(pool, organizationId, (client) => {
      const session = new NodePgSession(client, root.dialect, root.session.schema, root.session.options);
      const tx = new NodePgTransaction(root.dialect, session, root.session.schema);
      return fn(tx as unknown as OrgTx);
    });
}

/** A pooled connection in a transaction bound to one organization (one round trip), committed after fn. */
async function inBoundConnection<T>(
  pool: pg.Pool,
  organizationId: string,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const bind = `begin; ${bindOrgText(organizationId)}`;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(bind);
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((e: Error) => {
      broken = e;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** A pool of `poolSize` connections (the server's comes from DATABASE_POOL_SIZE, decision 0036). */
export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the database server closed (a restart, a dropped database): logged
  // sanitised, as every error is; the raw error carries the client with its connection settings.
  pool.on('error', (err) => console.error('postgres pool error', sanitizeError(err)));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  const queueSql: QueueSql = {
    executeSql: (text, values) => pool.query(text, values),
  };
  return {
    queueSql,
    kind: 'postgres',
    url,
    global: db,
    withOrg: bindOrgPostgres(pool, db),
    ...ownerPaths(db),
    async listen(channel, onPayload) {
      // A dedicated connection, reopened with backoff if the server drops it.
      let client: pg.Client | undefined;
      let stopped = false;
      let attempt = 0;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('notification', (n) => {
          if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
        });
        c.on('error', () => {
          listeners.delete(c);
          c.end().catch(() => {});
          if (!stopped)
            setTimeout(() => void connect().catch(() => {}), Math.min(30_000, 250 * 2 ** attempt++));
        });
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        attempt = 0;
        client = c;
        listeners.add(c);
      };
      await connect();
      return async () => {
        stopped = true;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async preparedAsOwner<T>(_reason: string, name: string, text: string, params: unknown[]) {
      return (await pool.query({ name, text, values: params })).rows as T[];
    },
    preparedAsOrg<T>(organizationId: string, name: string, text: string, params: unknown[]) {
      return inBoundConnection(
        pool,
        organizationId,
        async (client) => (await client.query({ name, text, values: params })).rows as T[],
      );
    },
    copyInto: copyIntoPostgres,
    async migrate() {
      // Several copies may start at once: one migrates, the others wait for the lock.
      const lock = new pg.Client({ connectionString: url });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock(724001)');
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR });
        await migrateQueue(queueSql);
      } finally {
        await lock.query('select pg_advisory_unlock(724001)').catch(() => {});
        await lock.end();
      }
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      listeners.clear();
      await pool.end();
    },
  };
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DATABASE_POOL_SIZE: number;
}): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  return openPglite({ dataDir: join(config.DATA_DIR, 'pgdata') });
}
