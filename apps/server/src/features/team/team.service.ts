import { canAddUser } from '@music-review/core/plan-rules';
import {
  type InvitationDto,
  type InviteCodeDto,
  isLastAdmin,
  TEAM_MESSAGES as M,
  type TeamDto,
  type TeamMemberDto,
} from '@music-review/core/team';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx, OwnerScope } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { linkMail } from '../../platform/mail/mailer.ts';
import { newInviteCode } from '../organizations/organizations.service.ts';
import { tracksInUsageWindow } from '../songs/songs.service.ts';
import * as repo from './team.repo.ts';

/** Invitation mails per label per hour: enough for onboarding a team, not for spamming strangers. */
export const INVITES_PER_HOUR = 30;

const memberNotFound = () => notFound(M.memberNotFound);

function toMemberDto(row: repo.MemberRow, me: Member): TeamMemberDto {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    email: row.email,
    is_admin: row.isAdmin,
    avatar_key: row.avatarKey,
    is_me: row.id === me.reviewer.id,
  };
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Takes the label's lock, then checks again that the caller is still an admin: their role may have
 * changed since the request was authenticated (two admins demoting each other at once).
 */
async function lockAsAdmin(tx: OrgTx | OwnerScope, admin: Member) {
  if (!(await repo.lockOrganization(tx, admin.organizationId))) throw notFound();
  const caller = await repo.lockMember(tx, admin.organizationId, admin.reviewer.id);
  if (!caller?.isAdmin) throw new AppError('forbidden', 'Only an admin of your label can do this.');
}

export function createTeamService(ctx: AppContext) {
  const { database, mailer, rateLimiter, config } = ctx;

  return {
    /** GET /api/v1/team: the members, the invitation code and the plan's usage. */
    async team(admin: Member): Promise<TeamDto> {
      const { members, usage, tracks } = await database.withOrg(admin.organizationId, async (tx) => ({
        members: await repo.listMembers(tx, admin.organizationId),
        usage: await repo.getPlanUsage(tx, admin.organizationId),
        tracks: await tracksInUsageWindow(tx, admin.organizationId),
      }));
      if (!usage) throw notFound();
      return {
        members: members.map((m) => toMemberDto(m, admin)),
        invite_code: usage.invite_code,
        plan: {
          plan_name: usage.plan_name,
          track_limit: Number(usage.track_limit),
          tracks_last_30_days: tracks,
          user_limit: Number(usage.user_limit),
          member_count: Number(usage.member_count),
        },
      };
    },

    /** Promotes or demotes a member; the label's last admin cannot be demoted. */
    async setRole(admin: Member, reviewerId: string, isAdmin: boolean): Promise<TeamMemberDto> {
      const row = await database.withOrg(admin.organizationId, async (tx) => {
        await lockAsAdmin(tx, admin);
        const target = await repo.lockMember(tx, admin.organizationId, reviewerId);
        if (!target) throw memberNotFound();
        if (target.isAdmin === isAdmin) return target;
        if (
          !isAdmin &&
          isLastAdmin({ is_admin: target.isAdmin }, await repo.countAdmins(tx, admin.organizationId))
        ) {
          throw new AppError('conflict', M.lastAdmin);
        }
        return repo.setAdmin(tx, admin.organizationId, reviewerId, isAdmin);
      });
      if (!row) throw memberNotFound();
      return toMemberDto(row, admin);
    },

    /**
     * Removes a member: they lose access at once (every request and socket checks the membership)
     * and land on onboarding. The label's last admin cannot be removed.
     */
    async remove(admin: Member, reviewerId: string): Promise<void> {
      const orgId = admin.organizationId;
      // As the owner with explicit filters: see repo.removeMember.
      const reason = 'a removed member leaves the organization, which row-level security refuses';
      const removed = await database.asOwnerTransaction(reason, async (tx) => {
        await lockAsAdmin(tx, admin);
        const target = await repo.lockMember(tx, orgId, reviewerId);
        if (!target) throw memberNotFound();
        if (isLastAdmin({ is_admin: target.isAdmin }, await repo.countAdmins(tx, orgId))) {
          throw new AppError('conflict', M.lastAdmin);
        }
        const row = await repo.removeMember(tx, orgId, reviewerId);
        await repo.announceMembershipChange(tx, orgId);
        return { row, avatarKey: target.avatarKey };
      });
      if (!removed.row) throw memberNotFound();
      // The photo was stored under this label; it leaves with them (a leftover costs storage only).
      if (removed.avatarKey) await ctx.storage.driver.delete(removed.avatarKey).catch(() => {});
    },

    /** A new invitation code; the old one stops working at once. */
    async regenerateInviteCode(admin: Member): Promise<InviteCodeDto> {
      for (let attempt = 0; ; attempt++) {
        try {
          const code = await database.withOrg(admin.organizationId, (tx) =>
            repo.setInviteCode(tx, admin.organizationId, newInviteCode()),
          );
          if (!code) throw notFound();
          return { invite_code: code };
        } catch (err) {
          // Another label holds the same code (one chance in about 10^15): draw again.
          if (attempt < 2 && isUniqueViolation(err)) continue;
          throw err;
        }
      }
    },

    /** Mails the invitation code with a link to the join screen. */
    async invite(admin: Member, email: string): Promise<InvitationDto> {
      const label = await database.withOrg(admin.organizationId, async (tx) => {
        const usage = await repo.getPlanUsage(tx, admin.organizationId);
        if (!usage) throw notFound();
        if (await repo.findMemberByEmail(tx, admin.organizationId, email)) {
          throw new AppError('conflict', M.alreadyMember(email));
        }
        return usage;
      });
      // The same rule as joining: an invitation nobody could accept is refused up front.
      if (!canAddUser(Number(label.user_limit), Number(label.member_count))) {
        throw new AppError('user_limit_reached', M.labelFull(Number(label.user_limit)));
      }
      await rateLimiter.hit(`invite:org:${admin.organizationId}`, INVITES_PER_HOUR, 3600);
      const url = `${config.appUrl}/organization-setup?invite_code=${encodeURIComponent(label.invite_code)}`;
      await mailer.send(
        linkMail(
          email,
          `Join ${label.name} on Music Review`,
          `${admin.reviewer.name || admin.email} invited you to join ${label.name} on Music Review. ` +
            `Your invitation code is ${label.invite_code}. Sign in or create an account, choose ` +
            `"Join Existing Label" and enter the code.`,
          'Join the label',
          url,
          { footer: 'If you did not expect this invitation, you can ignore this email.' },
        ),
      );
      return { sent_to: email };
    },
  };
}
