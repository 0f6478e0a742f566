import { sumDecimals } from '@music-review/core/money';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { deleteImportRollups } from '../analytics/rollups.service.ts';

/** Statement imports (royalty_imports) and their lines' load; every statement names the label. */

export type ImportRow = {
  id: string;
  file_name: string;
  storage_key: string;
  size_bytes: number;
  content_sha256: string | null;
  source: string;
  mapping_id: string | null;
  mapping: Record<string, unknown>;
  status: string;
  job_id: string | null;
  bytes_read: number;
  line_count: number;
  bad_line_count: number;
  bad_lines: Array<{ line: number; column: string; message: string }>;
  summary: {
    currencies?: Array<{ currency: string; lines: number; net: string }>;
    /** Net per sale month and currency (the summary strip adds these up per quarter). */
    months?: Array<{ month: string; currency: string; net: string }>;
    first_month?: string | null;
    last_month?: string | null;
    matched_lines?: number;
  };
  cancel_requested: boolean;
  error: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  finished_at: string | null;
  source_name: string | null;
};

const SELECT_IMPORT = sql`select i.id, i.file_name, i.storage_key, i.size_bytes::float8 as size_bytes,
    i.content_sha256, i.source, i.mapping_id, i.mapping, i.status, i.job_id,
    i.bytes_read::float8 as bytes_read, i.line_count, i.bad_line_count, i.bad_lines, i.summary,
    i.cancel_requested, i.error, i.created_by, rv.name as created_by_name, i.created_at, i.finished_at,
    m.name as source_name
  from royalty_imports i
  left join reviewers rv on rv.id = i.created_by
  left join royalty_mappings m on m.id = i.mapping_id`;

export async function insertImport(
  tx: OrgTx,
  org: string,
  values: {
    fileName: string;
    storageKey: string;
    sizeBytes: number;
    source: string;
    mappingId: string | null;
    mapping: Record<string, unknown>;
    createdBy: string;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into royalty_imports (organization_id, file_name, storage_key, size_bytes, source, mapping_id,
          mapping, created_by)
        values (${org}, ${values.fileName}, ${values.storageKey}, ${values.sizeBytes}, ${values.source},
          ${values.mappingId}, ${JSON.stringify(values.mapping)}::jsonb, ${values.createdBy})
        returning id`,
  );
  return row!.id;
}

export async function setImportJob(tx: OrgTx, org: string, id: string, jobId: string) {
  await tx.execute(
    sql`update royalty_imports set job_id = ${jobId} where organization_id = ${org} and id = ${id}`,
  );
}

export async function findImport(tx: OrgTx, org: string, id: string, lock = false) {
  const [row] = await queryRows<ImportRow>(
    tx,
    lock
      ? sql`${SELECT_IMPORT} where i.organization_id = ${org} and i.id = ${id} for update of i`
      : sql`${SELECT_IMPORT} where i.organization_id = ${org} and i.id = ${id}`,
  );
  return row;
}

export async function listImports(tx: OrgTx, org: string, limit: number, offset: number) {
  const rows = await queryRows<ImportRow>(
    tx,
    sql`${SELECT_IMPORT} where i.organization_id = ${org} order by i.created_at desc, i.id desc
        limit ${limit} offset ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from royalty_imports where organization_id = ${org}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** The live import (reading, waiting for a decision, or imported) of a file with these bytes. */
export async function findSameFile(tx: OrgTx, org: string, sha256: string, exceptId: string) {
  const [row] = await queryRows<{ id: string; file_name: string; created_at: string }>(
    tx,
    sql`select id, file_name, created_at from royalty_imports
        where organization_id = ${org} and content_sha256 = ${sha256} and id <> ${exceptId}
          and status in ('reading', 'needs_decision', 'imported')
        limit 1`,
  );
  return row;
}

export async function updateImport(
  tx: OrgTx,
  org: string,
  id: string,
  values: Partial<{
    status: string;
    contentSha256: string;
    bytesRead: number;
    lineCount: number;
    badLineCount: number;
    badLines: unknown[];
    summary: Record<string, unknown>;
    cancelRequested: boolean;
    error: string | null;
    decidedBy: string;
    finished: boolean;
  }>,
) {
  const sets = [
    values.status !== undefined ? sql`status = ${values.status}` : null,
    values.contentSha256 !== undefined ? sql`content_sha256 = ${values.contentSha256}` : null,
    values.bytesRead !== undefined ? sql`bytes_read = ${values.bytesRead}` : null,
    values.lineCount !== undefined ? sql`line_count = ${values.lineCount}` : null,
    values.badLineCount !== undefined ? sql`bad_line_count = ${values.badLineCount}` : null,
    values.badLines !== undefined ? sql`bad_lines = ${JSON.stringify(values.badLines)}::jsonb` : null,
    values.summary !== undefined ? sql`summary = ${JSON.stringify(values.summary)}::jsonb` : null,
    values.cancelRequested !== undefined ? sql`cancel_requested = ${values.cancelRequested}` : null,
    values.error !== undefined ? sql`error = ${values.error}` : null,
    values.decidedBy !== undefined ? sql`decided_by = ${values.decidedBy}` : null,
    values.finished ? sql`finished_at = now()` : null,
  ].filter((s) => s !== null);
  if (sets.length === 0) return;
  await tx.execute(
    sql`update royalty_imports set ${sql.join(sets, sql`, `)} where organization_id = ${org} and id = ${id}`,
  );
}

/** Removes an import's lines (a cancelled, failed or discarded import keeps none). */
export async function deleteImportLines(tx: OrgTx, org: string, importId: string) {
  await deleteImportRollups(tx, org, [importId]);
  await tx.execute(
    sql`delete from statement_lines where organization_id = ${org} and import_id = ${importId}`,
  );
}

/**
 * What an import's loaded lines add up to, per currency and per sale month (exact sums), the months
 * they cover and how many matched: one scan of the import's lines.
 */
/** An import's lines summed per sale month and currency: what its summary is made of. */
export type MonthSums = { month: string; currency: string; lines: number; net: string; matched: number };

export async function summarizeImportLines(tx: OrgTx, org: string, importId: string) {
  const rows = await queryRows<MonthSums>(
    tx,
    sql`select to_char(sale_month, 'YYYY-MM') as month, currency, count(*)::int as lines, sum(net)::text as net,
          count(*) filter (where recording_id is not null or release_id is not null)::int as matched
        from statement_lines where organization_id = ${org} and import_id = ${importId}
        group by 1, 2 order by 1, 2`,
  );
  return summaryOf(rows);
}

/**
 * An import's summary from its sums per month and currency (one row per pair; the load adds up its
 * batches' sums as they commit instead of reading a million lines again at the end).
 */
export function summaryOf(unsorted: readonly MonthSums[]) {
  const rows = [...unsorted].sort(
    (a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency),
  );
  const byCurrency = new Map<string, { lines: number; nets: string[] }>();
  for (const r of rows) {
    const entry = byCurrency.get(r.currency) ?? { lines: 0, nets: [] };
    entry.lines += r.lines;
    entry.nets.push(r.net);
    byCurrency.set(r.currency, entry);
  }
  return {
    currencies: [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, e]) => ({ currency, lines: e.lines, net: sumDecimals(e.nets) })),
    months: rows.map((r) => ({ month: r.month, currency: r.currency, net: r.net })),
    first_month: rows[0]?.month ?? null,
    last_month: rows.at(-1)?.month ?? null,
    matched_lines: rows.reduce((n, r) => n + r.matched, 0),
  };
}

// ---- Saved custom mappings ----

export type MappingRow = { id: string; name: string; mapping: Record<string, unknown> };

export async function findMappingBySignature(tx: OrgTx, org: string, signature: string) {
  const [row] = await queryRows<MappingRow>(
    tx,
    sql`select id, name, mapping from royalty_mappings
        where organization_id = ${org} and header_signature = ${signature}
        order by updated_at desc limit 1`,
  );
  return row;
}

/** Saves a custom mapping under its name (the same name updates it); returns its id. */
export async function saveMapping(
  tx: OrgTx,
  org: string,
  values: { name: string; signature: string; mapping: Record<string, unknown>; createdBy: string },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into royalty_mappings (organization_id, name, header_signature, mapping, created_by)
        values (${org}, ${values.name}, ${values.signature}, ${JSON.stringify(values.mapping)}::jsonb, ${values.createdBy})
        on conflict (organization_id, lower(name)) do update
          set header_signature = excluded.header_signature, mapping = excluded.mapping, updated_at = now()
        returning id`,
  );
  return row!.id;
}
