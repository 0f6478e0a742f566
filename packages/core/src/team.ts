import { z } from 'zod';
import { UNLIMITED } from './plan-rules.ts';

/**
 * Team administration in the profile's settings (admins only; spec sections 6 and 7): members and
 * their roles, the invitation code, invitations by email, and the plan's limits with their usage.
 */

export const TEAM_MESSAGES = {
  lastAdmin: 'Your label needs at least one admin. Make another member an admin first.',
  memberNotFound: 'Team member not found',
  alreadyMember: (email: string) => `${email} is already a member of your label.`,
  labelFull: (limit: number) =>
    `Your label has reached its plan's user limit (${limit} users). Upgrade your plan to invite more people.`,
  inviteEmailMissing: 'Please enter an email address',
  inviteEmailInvalid: 'Please enter a valid email address',
  inviteSent: (email: string) => `Invitation sent to ${email}`,
  codeRegenerated: 'New invitation code created. The old code no longer works.',
  roleChanged: (name: string, role: TeamRole) =>
    `${name} is now ${role === 'admin' ? 'an Admin' : 'a Member'}`,
  memberRemoved: (name: string) => `${name} was removed from the label`,
} as const;

export type TeamRole = 'admin' | 'member';
export const ROLE_LABELS: Record<TeamRole, string> = { admin: 'Admin', member: 'Member' };

/** PATCH /api/v1/team/members/{id} */
export const updateMemberBody = z.object({
  is_admin: z.boolean({ message: 'is_admin: must be true or false' }),
});

/** POST /api/v1/team/invitations */
export const inviteBody = z.object({
  email: z
    .string({ message: TEAM_MESSAGES.inviteEmailMissing })
    .trim()
    .min(1, { message: TEAM_MESSAGES.inviteEmailMissing })
    .max(320, { message: TEAM_MESSAGES.inviteEmailInvalid })
    .pipe(z.email({ message: TEAM_MESSAGES.inviteEmailInvalid })),
});

// The answers of /api/v1/team are inferred from its contract.
export type {
  InvitationDto,
  InviteCodeDto,
  PlanUsageDto,
  TeamDto,
  TeamMemberDto,
} from './contracts/team.ts';

/** "3 of 25", or "3 (unlimited)" for a limit of -1. */
export function usageText(used: number, limit: number): string {
  return limit === UNLIMITED ? `${used} (unlimited)` : `${used} of ${limit}`;
}

/** How full a limit is, 0-1; 0 for an unlimited one. */
export function usageFraction(used: number, limit: number): number {
  if (limit === UNLIMITED || limit <= 0) return limit === 0 && used > 0 ? 1 : 0;
  return Math.min(1, used / limit);
}

/** Whether demoting or removing this member would leave the label without an admin. */
export function isLastAdmin(member: { is_admin: boolean }, adminCount: number): boolean {
  return member.is_admin && adminCount <= 1;
}
