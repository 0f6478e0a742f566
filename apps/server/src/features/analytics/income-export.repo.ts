import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** The plan's monthly exports (the spec's check_export_limit / record_export_usage, section 7). */

export async function checkExportLimit(tx: OrgTx, org: string, exportType: string) {
  const [row] = await queryRows<{ allowed: boolean | null }>(
    tx,
    sql`select check_export_limit(${org}, ${exportType}) as allowed`,
  );
  return row?.allowed === true;
}

export async function recordExportUsage(tx: OrgTx, org: string, exportType: string) {
  await tx.execute(sql`select record_export_usage(${org}, ${exportType})`);
}

export async function monthlyExportLimit(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ monthly_export_limit: number }>(
    tx,
    sql`select p.monthly_export_limit from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${org}`,
  );
  return row?.monthly_export_limit ?? 0;
}
