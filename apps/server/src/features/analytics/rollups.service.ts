import { sql } from 'drizzle-orm';
import type { OrgTx } from '../../platform/db/index.ts';
import { refreshIncomeAlerts } from './alerts.service.ts';

/**
 * The analytics rollups (decision 0030): what one import's lines sum to, at two grains (month and
 * place; month and recording). Rebuilt for an import whenever its lines are loaded or their matches
 * change, in the transaction that changes them, so the rollups never disagree with the lines. They
 * count only while their import is `imported` (the readers join the import). What needs a recording
 * and a place together reads the lines (migration 0025).
 */

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

/** Drops the imports' rollups (their lines were deleted, or are about to be summed again). */
export async function deleteImportRollups(tx: OrgTx, org: string, importIds: readonly string[]) {
  if (importIds.length === 0) return;
  for (const table of ['statement_rollups_monthly', 'statement_rollups_recording']) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)}
          where organization_id = ${org} and import_id = any(${uuidArray(importIds)})`,
    );
  }
}

/**
 * Sums the imports' lines into the two rollups again (any earlier rollups of theirs replaced): one
 * pass over the lines, grouped both ways at once (grouping sets), each set into its table.
 */
export async function rebuildImportRollups(tx: OrgTx, org: string, importIds: readonly string[]) {
  if (importIds.length === 0) return;
  await deleteImportRollups(tx, org, importIds);
  await tx.execute(
    sql`with g as materialized (
          select l.import_id, l.sale_month, l.store, l.territory, l.recording_id, l.release_id, l.sale_type,
            l.currency, grouping(l.store, l.territory) = 0 as by_place, sum(l.quantity)::bigint as quantity,
            sum(l.net) as net, sum(l.gross) as gross, count(*)::int as line_count
          from statement_lines l
          where l.organization_id = ${org} and l.import_id = any(${uuidArray(importIds)})
          group by grouping sets (
            (l.import_id, l.sale_month, l.store, l.territory, l.sale_type, l.currency),
            (l.import_id, l.sale_month, l.recording_id, l.release_id, l.sale_type, l.currency))
        ),
        monthly as (
          insert into statement_rollups_monthly (organization_id, import_id, sale_month, store, territory, sale_type,
            currency, quantity, net, gross, line_count)
          select ${org}::uuid, import_id, sale_month, store, territory, sale_type, currency, quantity, net, gross,
            line_count
          from g where by_place
        )
        insert into statement_rollups_recording (organization_id, import_id, sale_month, recording_id, release_id,
          sale_type, currency, quantity, net, gross, line_count)
        select ${org}::uuid, import_id, sale_month, recording_id, release_id, sale_type, currency, quantity, net,
          gross, line_count
        from g where not by_place`,
  );
  // Missing income compares the lines just summed (same transaction).
  await refreshIncomeAlerts(tx, org, importIds);
}
