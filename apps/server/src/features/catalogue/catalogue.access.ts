import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The catalogue and Artists & Writers are gated by the plan's has_catalogue, without a trial: the
 * catalogue is the label's lasting record, not a one-off generator (decision 0025). Signed songs
 * still become recordings on every plan, so nothing is lost when a label upgrades.
 */
export async function requireCatalogue(tx: OrgTx, organizationId: string): Promise<void> {
  const [plan] = await queryRows<{ has_catalogue: boolean }>(
    tx,
    sql`select p.has_catalogue from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${organizationId}`,
  );
  if (!plan?.has_catalogue) throw new AppError('plan_required', CATALOGUE_MESSAGES.notOnPlan);
}

/** A save that names a row_version older than the stored one (two members editing one record). */
export const changedSinceRead = () => new AppError('conflict', CATALOGUE_MESSAGES.changedSinceRead);
