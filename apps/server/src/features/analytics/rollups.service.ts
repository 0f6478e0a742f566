import { sql } from 'drizzle-orm';
import type { OrgTx } from '../../platform/db/index.ts';
import { refreshIncomeAlerts } from './alerts.service.ts';

/**
 * The analytics rollups (decision 0030): what one import's lines sum to, at three grains. Rebuilt
 * for an import whenever its lines are loaded or their matches change, in the transaction that
 * changes them, so the rollups never disagree with the lines. They count only while their import
 * is `imported` (the readers join the import).
 */

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

const SUMS = sql.raw('sum(l.quantity)::bigint, sum(l.net), sum(l.gross), count(*)::int');

/** Drops the imports' rollups (their lines were deleted, or are about to be summed again). */
export async function deleteImportRollups(tx: OrgTx, org: string, importIds: readonly string[]) {
  if (importIds.length === 0) return;
  for (const table of ['statement_rollups_monthly', 'statement_rollups_recording', 'statement_rollups']) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)}
          where organization_id = ${org} and import_id = any(${uuidArray(importIds)})`,
    );
  }
}

/** Sums the imports' lines into the three rollups again (any earlier rollups of theirs replaced). */
export async function rebuildImportRollups(tx: OrgTx, org: string, importIds: readonly string[]) {
  if (importIds.length === 0) return;
  await deleteImportRollups(tx, org, importIds);
  const lines = sql`from statement_lines l
    where l.organization_id = ${org} and l.import_id = any(${uuidArray(importIds)})`;
  await tx.execute(
    sql`insert into statement_rollups (organization_id, import_id, sale_month, recording_id, release_id, store,
          territory, sale_type, currency, quantity, net, gross, line_count)
        select ${org}::uuid, l.import_id, l.sale_month, l.recording_id, l.release_id, l.store, l.territory,
          l.sale_type, l.currency, ${SUMS}
        ${lines}
        group by l.import_id, l.sale_month, l.recording_id, l.release_id, l.store, l.territory, l.sale_type,
          l.currency`,
  );
  // The two coarser grains are summed from the full one (fewer rows than the lines).
  const rollups = sql`from statement_rollups r
    where r.organization_id = ${org} and r.import_id = any(${uuidArray(importIds)})`;
  const rollupSums = sql.raw('sum(r.quantity)::bigint, sum(r.net), sum(r.gross), sum(r.line_count)::int');
  await tx.execute(
    sql`insert into statement_rollups_monthly (organization_id, import_id, sale_month, store, territory, sale_type,
          currency, quantity, net, gross, line_count)
        select ${org}::uuid, r.import_id, r.sale_month, r.store, r.territory, r.sale_type, r.currency, ${rollupSums}
        ${rollups}
        group by r.import_id, r.sale_month, r.store, r.territory, r.sale_type, r.currency`,
  );
  await tx.execute(
    sql`insert into statement_rollups_recording (organization_id, import_id, sale_month, recording_id, release_id,
          sale_type, currency, quantity, net, gross, line_count)
        select ${org}::uuid, r.import_id, r.sale_month, r.recording_id, r.release_id, r.sale_type, r.currency,
          ${rollupSums}
        ${rollups}
        group by r.import_id, r.sale_month, r.recording_id, r.release_id, r.sale_type, r.currency`,
  );
  // Missing income compares the rollups just written (same transaction; rollups only, never lines).
  await refreshIncomeAlerts(tx, org, importIds);
}
