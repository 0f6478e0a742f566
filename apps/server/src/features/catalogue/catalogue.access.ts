import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { DISTRIBUTION_MESSAGES } from '@music-review/core/distribution';
import { sql } from 'drizzle-orm';
import type { Member } from '../../platform/auth/request-auth.ts';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The catalogue and Artists & Writers are gated by the plan's has_catalogue, without a trial: the
 * catalogue is the label's lasting record, not a one-off generator (decision 0025). Signed songs
 * still become recordings on every plan, so nothing is lost when a label upgrades.
 */
export function requireCatalogue(member: Member): void {
  // Read with the session check at the start of the request (request-auth.ts): no query here.
  if (member.hasCatalogue !== true) throw new AppError('plan_required', CATALOGUE_MESSAGES.notOnPlan);
}

/** A save that names a row_version older than the stored one (two members editing one record). */
export const changedSinceRead = () => new AppError('conflict', CATALOGUE_MESSAGES.changedSinceRead);

/**
 * A release (or a recording on one) is locked for edits while a delivery of it is queued or being
 * sent (issue 15, decision 0027): what the batch holds must be what the catalogue says. Call it
 * after locking the row, so a delivery cannot start in between.
 */
export async function refuseWhileDelivering(
  tx: OrgTx,
  organizationId: string,
  target: { releaseId: string } | { recordingId: string },
): Promise<void> {
  const [row] = await queryRows<{ destination: string }>(
    tx,
    sql`select coalesce(dest.name, '') as destination from distribution_deliveries d
        left join distribution_destinations dest on dest.id = d.destination_id
        where d.organization_id = ${organizationId} and d.status in ('queued', 'sending')
          and ${
            'releaseId' in target
              ? sql`d.release_id = ${target.releaseId}`
              : sql`d.release_id in (select t.release_id from release_tracks t
                  where t.organization_id = ${organizationId} and t.recording_id = ${target.recordingId})`
          }
        limit 1`,
  );
  if (row) throw new AppError('conflict', DISTRIBUTION_MESSAGES.lockedForDelivery(row.destination));
}
