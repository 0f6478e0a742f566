import { randomInt } from 'node:crypto';
import type { OrganizationDto, ReviewerDto } from '@music-review/core/api';
import { isMfaPending } from '@music-review/core/mfa';
import { inviteCodeError, labelNameError, ORGANIZATION_MESSAGES as M } from '@music-review/core/organization';
import { canAddUser } from '@music-review/core/plan-rules';
import type { AppContext } from '../../context.ts';
import type { AccessClaims } from '../../platform/auth/keys.ts';
import { type Caller, type Member, mfaRequired } from '../../platform/auth/request-auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ensureReviewerForUser } from '../auth/auth.service.ts';
import * as repo from './organizations.repo.ts';

// No 0/O or 1/I: codes are read aloud and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
const normalizeInviteCode = (raw: string) => raw.trim().toUpperCase().replace(/[\s-]/g, '');

export function toReviewerDto(r: repo.ReviewerRow): ReviewerDto & { avatar_key: string | null } {
  return {
    id: r.id,
    user_id: r.userId,
    name: r.name,
    email: r.email,
    organization_id: r.organizationId,
    is_admin: r.isAdmin,
    avatar_key: r.avatarKey,
  };
}

export function toOrganizationDto(row: repo.OrganizationSummaryRow, isAdmin: boolean): OrganizationDto {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logo_url,
    plan_name: row.plan_name,
    user_limit: Number(row.user_limit),
    track_limit: Number(row.track_limit),
    member_count: Number(row.member_count),
    has_label_copy_generator: row.has_label_copy_generator === true,
    has_contract_generator: row.has_contract_generator === true,
    has_chat_functionality: row.has_chat_functionality === true,
    has_catalogue: row.has_catalogue === true,
    has_email_support: row.has_email_support === true,
    ...(isAdmin ? { invite_code: row.invite_code } : {}),
  };
}

export function createOrganizationsService(ctx: AppContext) {
  const { database } = ctx;
  /** A user's reviewer row and the label they create or join exist before any organization binds them. */
  const beforeMembership = database.asOwner('a user without a label yet creates or joins one');

  /** Spec section 6: a signed-in user without a reviewer record gets one. */
  async function ensureReviewerFor(caller: Pick<Caller, 'userId'>) {
    const existing = await repo.findReviewerByUserId(beforeMembership, caller.userId);
    if (existing) return existing;
    if (!(await ensureReviewerForUser(beforeMembership, caller.userId))) {
      throw new AppError('unauthorized', M.notAuthenticated);
    }
    const created = await repo.findReviewerByUserId(beforeMembership, caller.userId);
    if (!created) throw new AppError('internal', M.reviewerCreateFailed);
    return created;
  }

  async function summary(organizationId: string, isAdmin: boolean) {
    const row = await database.withOrg(organizationId, (tx) =>
      repo.getOrganizationSummary(tx, organizationId),
    );
    if (!row) throw notFound();
    return toOrganizationDto(row, isAdmin);
  }

  return {
    ensureReviewerFor,

    async me(claims: AccessClaims) {
      let snapshot = await repo.findAccountSnapshot(database, claims.sub, claims.session_id);
      if (!snapshot) throw new AppError('unauthorized', M.notAuthenticated);
      // The snapshot carries the factors, so the MFA check costs /me no extra query.
      if (isMfaPending(claims.aal, snapshot.factors)) throw mfaRequired();
      if (!snapshot.reviewer_id) {
        await ensureReviewerFor({ userId: claims.sub });
        snapshot = await repo.findAccountSnapshot(database, claims.sub, claims.session_id);
        if (!snapshot?.reviewer_id) throw new AppError('internal', M.reviewerCreateFailed);
      }
      const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
      return {
        user: {
          id: snapshot.id,
          aud: 'authenticated' as const,
          role: 'authenticated' as const,
          email: snapshot.email,
          email_confirmed_at: iso(snapshot.email_confirmed_at),
          last_sign_in_at: iso(snapshot.last_sign_in_at),
          created_at: iso(snapshot.created_at)!,
          updated_at: iso(snapshot.updated_at)!,
          user_metadata: snapshot.user_metadata,
          factors: snapshot.factors.map((f) => ({
            ...f,
            created_at: iso(f.created_at)!,
            updated_at: iso(f.updated_at)!,
          })),
        },
        reviewer: {
          id: snapshot.reviewer_id,
          user_id: snapshot.id,
          name: snapshot.reviewer_name ?? '',
          email: snapshot.reviewer_email ?? snapshot.email,
          organization_id: snapshot.organization_id,
          is_admin: snapshot.is_admin === true,
          avatar_key: snapshot.avatar_key,
        },
        organization: snapshot.organization
          ? toOrganizationDto(snapshot.organization, snapshot.is_admin === true)
          : null,
      };
    },

    async create(caller: Caller, rawName: string) {
      const problem = labelNameError(rawName);
      if (problem) throw new AppError('validation_failed', problem);
      const name = rawName.trim();
      await ensureReviewerFor(caller);
      const planId = await repo.findPlanIdByName(database.global, 'Starter');
      if (!planId) throw new AppError('internal', M.createFailed('the Starter plan is missing'));
      // Organization and membership commit together: if the membership cannot be made, the new
      // organization is rolled back with it (spec section 8 "deleted again").
      const { org, reviewer } = await database.asOwnerTransaction('a new label is created', async (tx) => {
        const me = await repo.lockReviewerByUserId(tx, caller.userId);
        if (!me) throw new AppError('internal', M.reviewerCheckFailed);
        if (me.organizationId) throw new AppError('already_member', M.alreadyMember);
        const org = await repo.insertOrganization(tx, {
          name,
          inviteCode: newInviteCode(),
          subscriptionPlanId: planId,
        });
        const reviewer = await repo.setMembership(tx, me.id, org.id, true);
        if (!reviewer)
          throw new AppError('internal', M.membershipFailed('the membership could not be saved'));
        return { org, reviewer };
      });
      return { organization: await summary(org.id, true), reviewer: toReviewerDto(reviewer) };
    },

    async join(caller: Caller, rawCode: string) {
      const problem = inviteCodeError(rawCode);
      if (problem) throw new AppError('validation_failed', problem);
      await ensureReviewerFor(caller);
      const code = normalizeInviteCode(rawCode);
      const reviewer = await database.asOwnerTransaction(
        'an invitation code is looked up across labels',
        async (tx) => {
          const me = await repo.lockReviewerByUserId(tx, caller.userId);
          if (!me) throw new AppError('internal', M.reviewerCheckFailed);
          if (me.organizationId) throw new AppError('already_member', M.alreadyMember);
          // Looked up across all organizations on purpose: the code is what grants access.
          const org = await repo.lockOrganizationByInviteCode(tx, code);
          if (!org) throw new AppError('invalid_invite_code', M.invalidInviteCode);
          const members = await repo.countMembers(tx, org.id);
          if (!canAddUser(Number(org.user_limit), members)) {
            throw new AppError('user_limit_reached', M.userLimitReached(Number(org.user_limit)));
          }
          const joined = await repo.setMembership(tx, me.id, org.id, false);
          if (!joined) throw new AppError('internal', M.joinFailed);
          return joined;
        },
      );
      return {
        organization: await summary(reviewer.organizationId!, false),
        reviewer: toReviewerDto(reviewer),
      };
    },

    organization: (member: Member) => summary(member.organizationId, member.reviewer.isAdmin),

    async members(member: Member) {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.listMembers(tx, member.organizationId),
      );
      return rows.map(toReviewerDto);
    },

    async member(member: Member, reviewerId: string) {
      const row = await database.withOrg(member.organizationId, (tx) =>
        repo.findMember(tx, member.organizationId, reviewerId),
      );
      if (!row) throw notFound('Team member not found');
      return toReviewerDto(row);
    },
  };
}
