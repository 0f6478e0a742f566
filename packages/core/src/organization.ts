/** Spec section 5 and 8: the exact texts users see. */
export const LABEL_NAME_MAX = 50;
export const LABEL_NAME_MIN = 2;

export const ORGANIZATION_MESSAGES = {
  labelNameEmpty: 'Please enter a label name',
  labelNameTooShort: 'Label name must be at least 2 characters long',
  labelNameTooLong: 'Label name must be less than 50 characters',
  labelNameChars: 'Label name can only contain letters, numbers, spaces, and basic punctuation',
  inviteCodeEmpty: 'Please enter an invitation code',
  alreadyMember: 'You are already a member of an organization',
  invalidInviteCode: 'Invalid invitation code. Please check and try again.',
  verifyInviteFailed: 'Failed to verify invitation code. Please try again.',
  capacityFailed: 'Failed to verify organization capacity. Please try again.',
  joinFailed: 'Failed to join organization. Please try again.',
  notAuthenticated: 'Not authenticated. Please log in to continue.',
  reviewerCheckFailed: 'Failed to check reviewer status',
  reviewerCreateFailed: 'Failed to create reviewer record. Please contact support.',
  unexpected: 'An unexpected error occurred. Please try again.',
  userLimitReached: (n: number) =>
    `This organization has reached its user limit (${n} users). Please contact the organization admin to upgrade their plan.`,
  createFailed: (reason: string) => `Failed to create organization: ${reason}`,
  membershipFailed: (reason: string) => `Failed to set up organization membership: ${reason}`,
} as const;

// Letters (any script), digits, spaces and - _ & .
const LABEL_NAME_CHARS = /^[\p{L}\p{N} \-_&.]+$/u;

/** Returns the first rule the name breaks, or null. The name is trimmed first. */
export function labelNameError(raw: string): string | null {
  const name = raw.trim();
  if (name.length === 0) return ORGANIZATION_MESSAGES.labelNameEmpty;
  if (name.length < LABEL_NAME_MIN) return ORGANIZATION_MESSAGES.labelNameTooShort;
  if (name.length > LABEL_NAME_MAX) return ORGANIZATION_MESSAGES.labelNameTooLong;
  if (!LABEL_NAME_CHARS.test(name)) return ORGANIZATION_MESSAGES.labelNameChars;
  return null;
}

export function inviteCodeError(raw: string): string | null {
  return raw.trim().length === 0 ? ORGANIZATION_MESSAGES.inviteCodeEmpty : null;
}

// The request schemas are in organization-schemas.ts, apart so that the account check loads no zod.
