/**
 * Bulk loading with COPY: one statement streams many rows, instead of an INSERT per batch of
 * parameters. COPY FROM is refused on tables with row-level
 * security, so rows go into a temporary table first and the caller moves them on with
 * INSERT ... SELECT under RLS; `copyInto` accepts temporary tables only, on both drivers alike.
 */
import { finished } from 'node:stream/promises';
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { OrgTx } from './index.ts';

type CopyValue = string | number | bigint | boolean | null;

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyValue(value: CopyValue): string {
  if (value === null) return '\\N';
  switch (typeof value) {
    case 'string':
      // PostgreSQL text cannot hold NUL; readers refuse it before it gets here.
      if (value.includes('\0')) throw new RangeError('COPY text cannot hold a NUL character');
      return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]!) : value;
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`COPY cannot hold the number ${value}`);
      return String(value);
    default:
      return value.toString();
  }
}

/** One row of COPY text format: values tab-separated, null as \N, with \\, \t, \n, \r escaped. */
export function copyTextRow(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += '\t';
    line += copyValue(values[i]!);
  }
  return `${line}\n`;
}

/**
 * COPY text kept as bytes: the same text as copyTextRow, gathered in a short string (V8 appends to
 * strings fast) and written into one growing buffer every few dozen rows, so no string per row or
 * per batch outlives the young generation for the garbage collector to move (a statement import's
 * batch is 20,000 rows of about 250 bytes; held as strings, they were most of its garbage collection
 * and of its memory). `bytes()` is a view of what was written; `reset()` writes over the same memory.
 */
export class CopyTextBuffer {
  private buf: Buffer;
  private pos = 0;
  /** Rows not yet in `buf`, and where the current row stands. */
  private text = '';
  private rowStart = true;

  constructor(initialBytes = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  bytes(): Buffer {
    this.spill();
    return this.buf.subarray(0, this.pos);
  }

  reset() {
    this.pos = 0;
    this.text = '';
    this.rowStart = true;
  }

  /** The gathered text into the buffer (UTF-8: at most 3 bytes per UTF-16 unit). */
  private spill() {
    if (this.text.length === 0) return;
    const need = this.pos + this.text.length * 3;
    if (need > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, need));
      this.buf.copy(next, 0, 0, this.pos);
      this.buf = next;
    }
    this.pos += this.buf.write(this.text, this.pos, 'utf8');
    this.text = '';
  }

  /** The next value of the row. */
  value(value: CopyValue) {
    if (this.rowStart) this.rowStart = false;
    else this.text += '\t';
    this.text += copyValue(value);
    return this;
  }

  /** The next value of the row: `parts.join(separator)`, escaped as one value. */
  joined(parts: readonly string[], separator: string) {
    if (this.rowStart) this.rowStart = false;
    else this.text += '\t';
    const sep = copyValue(separator);
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) this.text += sep;
      this.text += copyValue(parts[i]!);
    }
    return this;
  }

  endRow() {
    this.text += '\n';
    this.rowStart = true;
    if (this.text.length >= 16_384) this.spill();
  }
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `COPY table (columns) FROM <source>`, every name checked and quoted. */
function copyStatement(table: string, columns: readonly string[], source: string): string {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  }
  if (columns.length === 0) throw new Error('COPY needs at least one column');
  const list = columns.map((column) => pg.escapeIdentifier(column)).join(', ');
  return `copy ${pg.escapeIdentifier(table)} (${list}) from ${source}`;
}

const notTemporary = (table: string) =>
  new Error(`copyInto loads temporary tables only (row-level security does not allow COPY): ${table}`);

const IS_TEMPORARY = `select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relname = $1 and n.oid = pg_my_temp_schema()) as "isTemporary"`;

/**
 * The driver's own connection under a drizzle transaction: drizzle keeps it as `session.client` (a
 * pooled client on node-postgres, PGlite's transaction object on PGlite), the one the transaction's
 * statements run on.
 */
function sessionClient(tx: OrgTx): unknown {
  return (tx as unknown as { session?: { client?: unknown } }).session?.client;
}

/** copyInto on PostgreSQL: COPY FROM STDIN on the transaction's own pooled client. */
export async function copyIntoPostgres(
  tx: OrgTx,
  table: string,
  columns: readonly string[],
  copyText: string | Uint8Array,
): Promise<number> {
  const client = sessionClient(tx);
  // A pool would run COPY on another connection, outside the transaction.
  if (!(client instanceof pg.Client)) throw new Error('copyInto needs a transaction (withOrg)');
  const text = copyStatement(table, columns, 'stdin');
  const { rows } = await client.query<{ isTemporary: boolean }>(IS_TEMPORARY, [table]);
  if (!rows[0]?.isTemporary) throw notTemporary(table);
  const stream = client.query(copyFrom(text));
  stream.end(copyText);
  await finished(stream);
  return stream.rowCount;
}

/**
 * copyInto on PGlite: COPY FROM '/dev/blob', PGlite's way of passing data in, on the transaction's
 * own handle (PGlite is one connection: the outer handle would wait for this transaction forever).
 * Reading a "file" needs a superuser, so the statement alone runs without the app role, and the
 * role is set back after it; the temporary-table check above keeps it from touching any real table.
 */
export async function copyIntoPglite(
  tx: OrgTx,
  table: string,
  columns: readonly string[],
  copyText: string | Uint8Array,
): Promise<number> {
  const handle = sessionClient(tx) as PgliteTransaction | undefined;
  if (!handle || typeof handle.query !== 'function')
    throw new Error('copyInto needs a transaction (withOrg)');
  const text = copyStatement(table, columns, `'/dev/blob'`);
  const { rows } = await handle.query<{ isTemporary: boolean; role: string }>(
    IS_TEMPORARY.replace('as "isTemporary"', `as "isTemporary", current_setting('role') as role`),
    [table],
  );
  const check = rows[0];
  if (!check?.isTemporary) throw notTemporary(table);
  await handle.query('set local role none');
  const result = await handle.query(text, [], {
    blob: new Blob([
      typeof copyText === 'string'
        ? copyText
        : Buffer.from(copyText.buffer, copyText.byteOffset, copyText.byteLength),
    ]),
  });
  await handle.query(`select set_config('role', $1, true)`, [check.role]);
  return result.affectedRows ?? 0;
}
