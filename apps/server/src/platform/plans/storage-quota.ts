import { storageLimitMessage } from '@music-review/core/project-folder';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../db/index.ts';
import { AppError } from '../errors.ts';

/**
 * The label's stored files against its plan (spec section 7), shared by release/artist assets, the
 * project folder and the marketing press photos: one rule for every feature that stores files, so it
 * lives here rather than in any one of them. Every query runs in the caller's `withOrg` transaction,
 * so the SQL functions see only the label's own rows.
 */
export async function storageUsage(tx: OrgTx, organizationId: string) {
  const [row] = await queryRows<{
    plan_name: string;
    used_bytes: string | number;
    limit_bytes: string | number;
  }>(
    tx,
    sql`select p.name as plan_name, p.storage_limit_bytes as limit_bytes,
          coalesce((select sum(u.file_size_bytes) from storage_usage u where u.organization_id = ${organizationId}), 0) as used_bytes
        from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${organizationId}`,
  );
  return {
    plan_name: row?.plan_name ?? 'current',
    used_bytes: Number(row?.used_bytes ?? 0),
    limit_bytes: Number(row?.limit_bytes ?? -1),
  };
}

/** Refuses (403 plan_limit_reached) when `bytes` more would pass the plan's storage limit. */
export async function assertStorageRoom(tx: OrgTx, organizationId: string, bytes: number) {
  const [row] = await queryRows<{ ok: boolean | null }>(
    tx,
    sql`select check_storage_limit(${organizationId}, ${bytes}::bigint) as ok`,
  );
  if (row?.ok === false) {
    const usage = await storageUsage(tx, organizationId);
    throw new AppError(
      'plan_limit_reached',
      storageLimitMessage(usage.plan_name, usage.limit_bytes, usage.used_bytes),
    );
  }
}

export async function recordStorageUsage(
  tx: OrgTx,
  organizationId: string,
  fileKey: string,
  bytes: number,
  fileType: string,
) {
  await tx.execute(
    sql`select record_storage_usage(${organizationId}, ${fileKey}, ${bytes}::bigint, ${fileType})`,
  );
}

export async function forgetStorageUsage(tx: OrgTx, organizationId: string, fileKeys: readonly string[]) {
  if (fileKeys.length === 0) return;
  await tx.execute(
    sql`delete from storage_usage where organization_id = ${organizationId}
        and file_key in (${sql.join(
          fileKeys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
}
