/**
 * The SQL of the CSV import (decision 0026): the label's saved column mapping, the records a batch
 * of rows names, and bulk writes of a batch (about 1000 rows per statement, the rows passed as one
 * JSON parameter and unpacked by jsonb_to_recordset, the same on PGlite and PostgreSQL).
 */
import type { CsvKind, CsvMapping, CsvValue } from '@music-review/core/catalogue-csv';
import { type SQL, sql } from 'drizzle-orm';
import { CHANGES_CHANNEL, type OrgTx, queryRows } from '../../platform/db/index.ts';

type SqlType = 'text' | 'int' | 'boolean' | 'date';

/** The columns an import may write, by kind, with their SQL types (the CSV field keys are the column names). */
export const IMPORT_COLUMNS: Record<CsvKind, Readonly<Record<string, SqlType>>> = {
  recordings: {
    title: 'text',
    version: 'text',
    display_artist: 'text',
    isrc: 'text',
    duration_seconds: 'int',
    explicit: 'boolean',
    genre: 'text',
    subgenre: 'text',
    language: 'text',
    bpm: 'int',
    musical_key: 'text',
    p_line_year: 'int',
    p_line_owner: 'text',
    recording_year: 'int',
  },
  releases: {
    title: 'text',
    version: 'text',
    display_artist: 'text',
    release_type: 'text',
    upc: 'text',
    catalogue_number: 'text',
    label_name: 'text',
    release_date: 'date',
    original_release_date: 'date',
    p_line_year: 'int',
    p_line_owner: 'text',
    c_line_year: 'int',
    c_line_owner: 'text',
    genre: 'text',
    status: 'text',
  },
  works: { title: 'text', iswc: 'text' },
};

/** What a column holds when a new record's cell is empty (the table's own default). */
const DEFAULT_WHEN_EMPTY: Readonly<Record<string, string>> = {
  explicit: 'false',
  release_type: "'single'",
  status: "'draft'",
};

const TABLES: Record<CsvKind, string> = { recordings: 'recordings', releases: 'releases', works: 'works' };

/** Column names come from IMPORT_COLUMNS only: safe to put in the statement's text. */
const ident = (name: string) => sql.raw(`"${name}"`);
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

// ---------------------------------------------------------------------------------------------------
// The label's mapping per kind

export async function findSavedMapping(tx: OrgTx, organizationId: string, kind: CsvKind) {
  const [row] = await queryRows<{ mapping: CsvMapping }>(
    tx,
    sql`select mapping from import_mappings where organization_id = ${organizationId} and kind = ${kind}`,
  );
  return row?.mapping ?? null;
}

export async function saveMapping(tx: OrgTx, organizationId: string, kind: CsvKind, mapping: CsvMapping) {
  await tx.execute(sql`insert into import_mappings (organization_id, kind, mapping)
    values (${organizationId}, ${kind}, ${JSON.stringify(mapping)}::jsonb)
    on conflict (organization_id, kind) do update set mapping = excluded.mapping, updated_at = now()`);
}

// ---------------------------------------------------------------------------------------------------
// The records a batch names

/** A stored record as the import compares it: its id and the importable columns. */
export type ExistingRecord = { id: string; title: string } & Record<string, CsvValue>;

/** The codes a batch of rows names, by key field (id, isrc, upc, catalogue_number, iswc). */
export type BatchKeys = Record<string, string[]>;

function selectColumns(kind: CsvKind): SQL {
  const columns = Object.entries(IMPORT_COLUMNS[kind]).map(([name, type]) =>
    type === 'date' ? sql.raw(`"${name}"::text as "${name}"`) : ident(name),
  );
  return sql.join([sql`id`, ...columns], sql`, `);
}

/**
 * The label, as a value the planner cannot see (an InitPlan): it then estimates the label's rows
 * from the whole table, not from statistics taken before this import filled the label. With them
 * ("this label has no recordings"), the look-up of a batch's 1,000 codes scanned every recording
 * the import had already written, once per code (4.6 s a batch by the 40th batch of 50,000 rows),
 * and an update batch read all of them to hash-join 1,000; now each code or id is one index probe.
 */
const label = (organizationId: string) => sql`(select ${organizationId}::uuid)`;

/** The records of the label that the batch's ids or codes name (a catalogue number without case). */
export async function findNamedRecords(tx: OrgTx, organizationId: string, kind: CsvKind, keys: BatchKeys) {
  const table = sql.raw(TABLES[kind]);
  const parts: SQL[] = [];
  for (const [field, values] of Object.entries(keys)) {
    if (values.length === 0) continue;
    const match =
      field === 'id'
        ? sql`id = any(array(select value::uuid from jsonb_array_elements_text(${json(values)})))`
        : field === 'catalogue_number'
          ? sql`catalogue_number is not null
              and upper(catalogue_number) = any(array(select upper(value) from jsonb_array_elements_text(${json(values)})))`
          : sql`${ident(field)} = any(array(select value from jsonb_array_elements_text(${json(values)})))`;
    parts.push(
      sql`select ${selectColumns(kind)} from ${table} where organization_id = ${label(organizationId)} and ${match}`,
    );
  }
  if (parts.length === 0) return [];
  return queryRows<ExistingRecord>(tx, sql.join(parts, sql` union `));
}

// ---------------------------------------------------------------------------------------------------
// Bulk writes

/** The rows' record type for jsonb_to_recordset: `id uuid, title text, ...` for the written fields. */
function recordType(kind: CsvKind, fields: readonly string[]): SQL {
  const columns = fields.map((f) => sql.raw(`"${f}" ${IMPORT_COLUMNS[kind][f]}`));
  return sql.join([sql`id uuid`, ...columns], sql`, `);
}

const writable = (kind: CsvKind, fields: readonly string[]) =>
  fields.filter((f) => f in IMPORT_COLUMNS[kind]);

/**
 * Marks the transaction as a bulk write: the catalogue's row triggers stay quiet (migration 0015),
 * and the batch is announced once by announceBulkChange.
 */
export async function markBulkChange(tx: OrgTx) {
  await tx.execute(sql`select set_config('mr.bulk_change', 'on', true)`);
}

/** One realtime message for the whole batch: sockets refetch what they show of the table. */
export async function announceBulkChange(tx: OrgTx, organizationId: string, kind: CsvKind) {
  const payload = JSON.stringify({ table: TABLES[kind], event: 'BULK', organization_id: organizationId });
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);
}

export interface RowWrite {
  id: string;
  values: Record<string, CsvValue>;
}

/** Creates the records (ids chosen by the caller), in one statement; only the mapped fields are set. */
export async function insertRecords(
  tx: OrgTx,
  organizationId: string,
  kind: CsvKind,
  reviewerId: string | null,
  fields: readonly string[],
  rows: readonly RowWrite[],
) {
  if (rows.length === 0) return;
  const columns = writable(kind, fields);
  const names = columns.map(ident);
  const values = columns.map((f) =>
    f in DEFAULT_WHEN_EMPTY
      ? sql`coalesce(r.${ident(f)}, ${sql.raw(DEFAULT_WHEN_EMPTY[f]!)})`
      : sql`r.${ident(f)}`,
  );
  // Recordings say where they came from and who added them; releases who added them; works neither.
  const extraNames =
    kind === 'recordings' ? [sql`origin`, sql`created_by`] : kind === 'releases' ? [sql`created_by`] : [];
  const extraValues =
    kind === 'recordings'
      ? [sql`'imported'`, sql`${reviewerId}::uuid`]
      : kind === 'releases'
        ? [sql`${reviewerId}::uuid`]
        : [];
  const data = rows.map((r) => ({ id: r.id, ...r.values }));
  await tx.execute(sql`insert into ${sql.raw(TABLES[kind])}
      (${sql.join([sql`id`, sql`organization_id`, ...extraNames, ...names], sql`, `)})
    select ${sql.join([sql`r.id`, sql`${organizationId}::uuid`, ...extraValues, ...values], sql`, `)}
    from jsonb_to_recordset(${json(data)}) as r(${recordType(kind, columns)})`);
}

/** Updates the records with the mapped fields, in one statement; each one's row_version moves on. */
export async function updateRecords(
  tx: OrgTx,
  organizationId: string,
  kind: CsvKind,
  fields: readonly string[],
  rows: readonly RowWrite[],
) {
  if (rows.length === 0) return;
  const columns = writable(kind, fields);
  const assignments = columns.map((f) =>
    f in DEFAULT_WHEN_EMPTY
      ? sql`${ident(f)} = coalesce(r.${ident(f)}, t.${ident(f)})`
      : sql`${ident(f)} = r.${ident(f)}`,
  );
  const data = rows.map((r) => ({ id: r.id, ...r.values }));
  await tx.execute(sql`update ${sql.raw(TABLES[kind])} t
    set ${sql.join([...assignments, sql`row_version = t.row_version + 1`, sql`updated_at = now()`], sql`, `)}
    from jsonb_to_recordset(${json(data)}) as r(${recordType(kind, columns)})
    where t.organization_id = ${label(organizationId)} and t.id = r.id`);
}

/** One audit entry per record the batch changed, with its changes, in one statement (action `import`). */
export async function insertImportAudit(
  tx: OrgTx,
  organizationId: string,
  entityKind: 'recording' | 'release' | 'work',
  reviewerId: string | null,
  entries: readonly { id: string; changes: Record<string, unknown> }[],
) {
  if (entries.length === 0) return;
  await tx.execute(sql`insert into catalogue_audit (organization_id, entity_kind, entity_id, action, changes, reviewer_id)
    select ${organizationId}::uuid, ${entityKind}, r.id, 'import', r.changes, ${reviewerId}::uuid
    from jsonb_to_recordset(${json(entries)}) as r(id uuid, changes jsonb)`);
}

/** The batch's own entry: entity `import`, the job's id, what the batch did. */
export async function insertImportSummary(
  tx: OrgTx,
  organizationId: string,
  reviewerId: string | null,
  jobId: string,
  changes: Record<string, unknown>,
) {
  await tx.execute(sql`insert into catalogue_audit (organization_id, entity_kind, entity_id, action, changes, reviewer_id)
    values (${organizationId}, 'import', ${jobId}, 'import', ${JSON.stringify(changes)}::jsonb, ${reviewerId})`);
}
