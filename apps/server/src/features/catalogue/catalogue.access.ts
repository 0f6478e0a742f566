import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { Member } from '../../platform/auth/request-auth.ts';
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
