/**
 * One batch of rows against the catalogue (decision 0026): which record each row updates (by its ID,
 * else its codes: ISRC for recordings, UPC/EAN then catalogue number for releases, ISWC for works) or
 * whether it creates one, and what it would change. The dry run stops there; the import then writes
 * the batch in bulk, in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  CSV_KEEP_WHEN_EMPTY,
  CSV_KEY_FIELDS,
  CSV_MESSAGES,
  type CsvCellProblem,
  type CsvKind,
  type CsvValue,
} from '@music-review/core/catalogue-csv';
import type { OrgTx } from '../../platform/db/index.ts';
import {
  announceBulkChange,
  type ExistingRecord,
  findNamedRecords,
  IMPORT_COLUMNS,
  insertImportAudit,
  insertImportSummary,
  insertRecords,
  markBulkChange,
  updateRecords,
} from './csv-import.repo.ts';
import { duplicateProblems, type FileScan, type ReadRow } from './csv-rows.ts';

type Change = [CsvValue, CsvValue];

export type RowOutcome =
  | { action: 'create'; row: ReadRow; id: string }
  | { action: 'update'; row: ReadRow; id: string; changes: Record<string, Change> }
  | { action: 'unchanged'; row: ReadRow; id: string }
  | { action: 'failed'; row: ReadRow; problems: CsvCellProblem[] };

const CODE_NAMES: Record<string, string> = {
  isrc: 'ISRC',
  upc: 'UPC/EAN',
  iswc: 'ISWC',
  catalogue_number: 'catalogue number',
};

const TAKEN: Record<string, (title: string) => string> = {
  isrc: CSV_MESSAGES.isrcTaken,
  upc: CSV_MESSAGES.upcTaken,
  iswc: CSV_MESSAGES.iswcTaken,
  catalogue_number: CSV_MESSAGES.catalogueNumberTaken,
};

/** How a code is compared: a catalogue number without case (as the database's unique index). */
const comparable = (field: string, value: string) =>
  field === 'catalogue_number' ? value.toUpperCase() : value;

/** The stored records by id and by each code, for one batch. */
function indexRecords(kind: CsvKind, records: readonly ExistingRecord[]) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const byCode = new Map<string, ExistingRecord[]>();
  for (const record of records) {
    for (const field of CSV_KEY_FIELDS[kind]) {
      const value = record[field];
      if (field === 'id' || typeof value !== 'string') continue;
      const key = `${field}:${comparable(field, value)}`;
      byCode.set(key, [...(byCode.get(key) ?? []), record]);
    }
  }
  return {
    byId,
    withCode: (field: string, value: string) => byCode.get(`${field}:${comparable(field, value)}`) ?? [],
  };
}

/** The record a valid row names (undefined: it creates one), or the problems that stop it. */
function resolveTarget(
  kind: CsvKind,
  values: Record<string, CsvValue>,
  index: ReturnType<typeof indexRecords>,
): { target?: ExistingRecord; problems: CsvCellProblem[] } {
  const codes = CSV_KEY_FIELDS[kind].filter((f) => f !== 'id');
  let target: ExistingRecord | undefined;
  if (typeof values.id === 'string') {
    target = index.byId.get(values.id);
    if (!target) return { problems: [{ field: 'id', message: CSV_MESSAGES.idNotFound(kind) }] };
  } else {
    for (const field of codes) {
      const value = values[field];
      if (typeof value !== 'string') continue;
      const matches = index.withCode(field, value);
      if (matches.length > 1)
        return {
          problems: [
            {
              field,
              message: CSV_MESSAGES.ambiguous(
                CODE_NAMES[field]!,
                kind,
                matches.map((m) => m.title).sort((a, b) => a.localeCompare(b)),
              ),
            },
          ],
        };
      if (matches.length === 1) {
        target = matches[0];
        break;
      }
    }
  }
  // A code the row sets must not be another record's ("the ISRC is already used by “…”").
  const problems: CsvCellProblem[] = [];
  for (const field of codes) {
    const value = values[field];
    if (typeof value !== 'string') continue;
    const other = index.withCode(field, value).find((r) => r.id !== target?.id);
    if (other) problems.push({ field, message: TAKEN[field]!(other.title) });
  }
  return { target, problems };
}

/** The fields the row changes on the record: { field: [before, after] }. */
function changesOf(kind: CsvKind, values: Record<string, CsvValue>, target?: ExistingRecord) {
  const changes: Record<string, Change> = {};
  for (const [field, value] of Object.entries(values)) {
    if (!(field in IMPORT_COLUMNS[kind])) continue;
    if (value === null && CSV_KEEP_WHEN_EMPTY.has(field)) continue;
    const before = target ? (target[field] ?? null) : null;
    if (before !== value) changes[field] = [before, value];
  }
  return changes;
}

/** What each row of the batch would do, checked against the catalogue as it is in this transaction. */
export async function classifyBatch(
  tx: OrgTx,
  organizationId: string,
  kind: CsvKind,
  rows: readonly ReadRow[],
  scan: FileScan,
): Promise<RowOutcome[]> {
  const problemsOf = rows.map((row) =>
    row.problems.length > 0 ? row.problems : duplicateProblems(kind, row, scan),
  );
  const keys: Record<string, string[]> = Object.fromEntries(CSV_KEY_FIELDS[kind].map((f) => [f, []]));
  rows.forEach((row, i) => {
    if (problemsOf[i]!.length > 0) return;
    for (const field of CSV_KEY_FIELDS[kind]) {
      const value = row.values[field];
      if (typeof value === 'string') keys[field]!.push(value);
    }
  });
  const index = indexRecords(kind, await findNamedRecords(tx, organizationId, kind, keys));
  const changedBy = new Map<string, number>();
  return rows.map((row, i): RowOutcome => {
    if (problemsOf[i]!.length > 0) return { action: 'failed', row, problems: problemsOf[i]! };
    const { target, problems } = resolveTarget(kind, row.values, index);
    if (problems.length > 0) return { action: 'failed', row, problems };
    if (!target) return { action: 'create', row, id: randomUUID() };
    const earlier = changedBy.get(target.id);
    if (earlier !== undefined)
      return {
        action: 'failed',
        row,
        problems: [{ field: null, message: CSV_MESSAGES.sameRecordTwice(kind, earlier) }],
      };
    changedBy.set(target.id, row.row);
    const changes = changesOf(kind, row.values, target);
    return Object.keys(changes).length > 0
      ? { action: 'update', row, id: target.id, changes }
      : { action: 'unchanged', row, id: target.id };
  });
}

const AUDIT_KINDS = { recordings: 'recording', releases: 'release', works: 'work' } as const;

/**
 * Writes the batch's creates and updates in bulk, each in one statement, then the audit: one entry
 * per updated record with what it changed (its audit log shows it), and one entry for the batch
 * naming the job and its counts (the created records say `origin imported` themselves; an entry
 * for each of 50,000 new records would double the import's time). One realtime message announces
 * the batch. Runs inside the job step's transaction.
 */
export async function applyBatch(
  tx: OrgTx,
  organizationId: string,
  kind: CsvKind,
  reviewerId: string | null,
  fields: readonly string[],
  outcomes: readonly RowOutcome[],
  batch: { jobId: string; index: number; writing?: () => void },
) {
  const creates = outcomes.filter((o) => o.action === 'create');
  const updates = outcomes.filter((o) => o.action === 'update');
  if (creates.length === 0 && updates.length === 0) return;
  await markBulkChange(tx);
  // The writes are on their way: the next batch may be read meanwhile (readAhead's cue).
  batch.writing?.();
  await insertRecords(
    tx,
    organizationId,
    kind,
    reviewerId,
    fields,
    creates.map((o) => ({ id: o.id, values: withoutId(o.row.values) })),
  );
  await updateRecords(
    tx,
    organizationId,
    kind,
    fields,
    updates.map((o) => ({ id: o.id, values: withoutId(o.row.values) })),
  );
  await insertImportAudit(
    tx,
    organizationId,
    AUDIT_KINDS[kind],
    reviewerId,
    updates.map((o) => ({ id: o.id, changes: o.changes })),
  );
  await insertImportSummary(tx, organizationId, reviewerId, batch.jobId, {
    kind,
    batch: batch.index + 1,
    rows: [outcomes[0]!.row.row, outcomes.at(-1)!.row.row],
    created: creates.length,
    updated: updates.length,
    unchanged: outcomes.filter((o) => o.action === 'unchanged').length,
    failed: outcomes.filter((o) => o.action === 'failed').length,
  });
  await announceBulkChange(tx, organizationId, kind);
}

function withoutId(values: Record<string, CsvValue>) {
  const { id: _id, ...rest } = values;
  return rest;
}
