import {
  canUseFeature,
  type GatedFeature,
  type PlanFlags,
  STARTER_PLAN,
} from '@music-review/core/plan-rules';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../db/index.ts';

/** The label's plan flags and the trials it has spent (trial_usage.feature_name). */
export async function planAndTrials(db: OrgTx, organizationId: string) {
  const [plan] = await queryRows<PlanFlags>(
    db,
    sql`select p.name, p.has_label_copy_generator, p.has_contract_generator, p.has_chat_functionality
        from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${organizationId}`,
  );
  const trials = await queryRows<{ feature_name: string }>(
    db,
    sql`select feature_name from trial_usage where organization_id = ${organizationId}`,
  );
  return { plan, usedTrials: trials.map((t) => t.feature_name) };
}

/** Spends the label's one trial of a feature; false when it was already spent (also concurrently). */
export async function recordTrial(db: OrgTx, organizationId: string, feature: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into trial_usage (organization_id, feature_name) values (${organizationId}, ${feature})
        on conflict (organization_id, feature_name) do nothing
        returning id`,
  );
  return rows.length > 0;
}

/** Whether the label may use a gated feature now (spec section 5), without spending anything. */
export async function featureAccess(db: OrgTx, organizationId: string, feature: GatedFeature) {
  const { plan, usedTrials } = await planAndTrials(db, organizationId);
  const allowed = !!plan && canUseFeature(plan, feature, usedTrials);
  return { allowed, isTrial: plan?.name === STARTER_PLAN, trialUsed: usedTrials.includes(feature) };
}

/**
 * Uses a gated feature once, inside the caller's transaction: true when allowed. On Starter this
 * spends the one trial (two requests at once: one wins, the other is refused), so call it in the
 * same transaction as the work it allows: a failure then leaves the trial unspent.
 */
export async function useGatedFeature(db: OrgTx, organizationId: string, feature: GatedFeature) {
  const { plan, usedTrials } = await planAndTrials(db, organizationId);
  if (!plan || !canUseFeature(plan, feature, usedTrials)) return false;
  if (plan.name === STARTER_PLAN) return recordTrial(db, organizationId, feature);
  return true;
}
