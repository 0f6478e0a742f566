/**
 * Plan limits and feature gating (spec sections 5, 6 and 9). Pure: the caller loads the plan, the
 * counts and the organization's trial usage.
 */

/**
 * Spec section 9: "The usage metrics window is the last 30 days". The track limit, the tracks figure
 * and the signed songs count all look at songs added in the last 30 days (rolling, not the month).
 */
export const USAGE_WINDOW_DAYS = 30;

/** track_limit's value for "no limit" (spec section 3). */
export const UNLIMITED = -1;

/** Spec section 5: a track upload is allowed if track_limit is -1 or the count is below it. */
export function canUploadTrack(trackLimit: number, uploadedCount: number): boolean {
  return trackLimit === UNLIMITED || uploadedCount < trackLimit;
}

/**
 * Spec section 5: a user may be added if the active user count is below user_limit. -1 means no limit,
 * as it does for track_limit (spec section 3): such a plan admits any number of members.
 */
export function canAddUser(userLimit: number, activeUsers: number): boolean {
  return userLimit === UNLIMITED || activeUsers < userLimit;
}

/** The features Starter may use once each as a trial, and other plans by their has_ flag. */
export const GATED_FEATURES = ['label_copy_generator', 'contract_generator', 'chat_functionality'] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

export function isGatedFeature(name: string): name is GatedFeature {
  return (GATED_FEATURES as readonly string[]).includes(name);
}

/** The plan whose gating follows trial usage rather than flags. */
export const STARTER_PLAN = 'Starter';

/** Spec section 8 (Other): the plan and its allowances could not be read. */
export const SUBSCRIPTION_LOAD_ERROR = 'Failed to fetch subscription data';

export interface PlanFlags {
  name: string;
  has_label_copy_generator: boolean;
  has_contract_generator: boolean;
  has_chat_functionality: boolean;
}

/**
 * Spec section 5: on Starter a gated feature is usable only while its one trial use is unspent
 * (usedTrials holds trial_usage.feature_name values of the organization); the Starter flags are not
 * consulted. On any other plan access follows the plan's has_ flag, and trials do not matter.
 */
export function canUseFeature(
  plan: PlanFlags,
  feature: GatedFeature,
  usedTrials: readonly string[],
): boolean {
  if (plan.name === STARTER_PLAN) return !usedTrials.includes(feature);
  return plan[`has_${feature}`];
}

/** The text shown when an upload is refused for the plan's track limit. */
export function trackLimitMessage(trackLimit: number): string {
  if (trackLimit === UNLIMITED) return 'Your plan allows unlimited tracks.';
  const tracks = trackLimit === 1 ? '1 track' : `${trackLimit} tracks`;
  return `Your plan allows ${tracks}. Upgrade your plan to add more.`;
}
