import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  type Database,
  type OrgTx,
  type OwnerScope,
  type Queryable,
  queryRows,
} from '../../platform/db/index.ts';
import { organizations, reviewers, subscriptionPlans } from '../../platform/db/schema.ts';

export type ReviewerRow = typeof reviewers.$inferSelect;

export async function findPlanIdByName(db: Queryable, name: string) {
  const [row] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.name, name));
  return row?.id;
}

export async function lockReviewerByUserId(db: OwnerScope, userId: string) {
  const [row] = await db.select().from(reviewers).where(eq(reviewers.userId, userId)).for('update');
  return row;
}

export async function findReviewerByUserId(db: OwnerScope, userId: string) {
  const [row] = await db.select().from(reviewers).where(eq(reviewers.userId, userId));
  return row;
}

export async function insertOrganization(
  db: OwnerScope,
  values: { name: string; inviteCode: string; subscriptionPlanId: string },
) {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

/** Joins a reviewer to an organization, only while the reviewer has none. */
export async function setMembership(
  db: OwnerScope,
  reviewerId: string,
  organizationId: string,
  isAdmin: boolean,
) {
  const [row] = await db
    .update(reviewers)
    .set({ organizationId, isAdmin })
    .where(and(eq(reviewers.id, reviewerId), isNull(reviewers.organizationId)))
    .returning();
  return row;
}

/** Finds the organization an invitation code opens, locked so concurrent joins count one at a time. */
export async function lockOrganizationByInviteCode(db: OwnerScope, inviteCode: string) {
  const rows = await queryRows<{ id: string; name: string; user_limit: number; plan_name: string }>(
    db,
    sql`
    select o.id, o.name, p.user_limit, p.name as plan_name
    from organizations o join subscription_plans p on p.id = o.subscription_plan_id
    where o.invite_code = ${inviteCode}
    for update of o`,
  );
  return rows[0];
}

export async function countMembers(db: OrgTx | OwnerScope, organizationId: string) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reviewers where organization_id = ${organizationId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export type OrganizationSummaryRow = {
  id: string;
  name: string;
  logo_url: string | null;
  invite_code: string;
  plan_name: string;
  user_limit: number;
  track_limit: number;
  member_count: number;
  has_label_copy_generator: boolean;
  has_contract_generator: boolean;
  has_chat_functionality: boolean;
  has_catalogue: boolean;
  has_email_support: boolean;
};

export async function getOrganizationSummary(db: OrgTx, organizationId: string) {
  const rows = await queryRows<OrganizationSummaryRow>(
    db,
    sql`
    select o.id, o.name, o.logo_url, o.invite_code, p.name as plan_name, p.user_limit, p.track_limit,
      p.has_label_copy_generator, p.has_contract_generator, p.has_chat_functionality, p.has_catalogue,
      p.has_email_support,
      (select count(*)::int from reviewers r where r.organization_id = o.id) as member_count
    from organizations o join subscription_plans p on p.id = o.subscription_plan_id
    where o.id = ${organizationId}`,
  );
  return rows[0];
}

export async function listMembers(db: OrgTx, organizationId: string) {
  return db
    .select()
    .from(reviewers)
    .where(eq(reviewers.organizationId, organizationId))
    .orderBy(asc(reviewers.name));
}

export async function findMember(db: OrgTx, organizationId: string, reviewerId: string) {
  const [row] = await db
    .select()
    .from(reviewers)
    .where(and(eq(reviewers.organizationId, organizationId), eq(reviewers.id, reviewerId)));
  return row;
}

export type AccountSnapshotRow = {
  id: string;
  email: string;
  user_metadata: Record<string, unknown>;
  email_confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  factors: Array<{
    id: string;
    factor_type: 'totp' | 'phone';
    status: 'verified' | 'unverified';
    friendly_name: string | null;
    created_at: string;
    updated_at: string;
  }>;
  organization: OrganizationSummaryRow | null;
  reviewer_id: string | null;
  reviewer_name: string | null;
  reviewer_email: string | null;
  organization_id: string | null;
  is_admin: boolean | null;
  avatar_key: string | null;
};

/**
 * Everything GET /me shows in one round trip, only while the session is open: the account, its
 * factors, its reviewer and its organization's summary. The organization is the caller's own (the
 * hot path of every page load, so it skips the row-level-security transaction; the filter is explicit).
 */
export async function findAccountSnapshot(database: Database, userId: string, sessionId: string) {
  const rows = await database.preparedAsOwner<AccountSnapshotRow>(
    'GET /me reads the account and its own organization on every page load, filtered explicitly',
    'account_snapshot',
    `select u.id, u.email, u.user_metadata, u.email_confirmed_at, u.last_sign_in_at, u.created_at, u.updated_at,
      coalesce((
        select json_agg(json_build_object(
          'id', f.id, 'factor_type', f.factor_type, 'status', f.status, 'friendly_name', f.friendly_name,
          'created_at', f.created_at, 'updated_at', f.updated_at) order by f.created_at)
        from mfa_factors f where f.user_id = u.id), '[]'::json) as factors,
      (select row_to_json(s) from (
        select o.id, o.name, o.logo_url, o.invite_code, p.name as plan_name, p.user_limit, p.track_limit,
          p.has_label_copy_generator, p.has_contract_generator, p.has_chat_functionality, p.has_catalogue,
          p.has_email_support,
          (select count(*)::int from reviewers rr where rr.organization_id = o.id) as member_count
        from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = r.organization_id) s) as organization,
      r.id as reviewer_id, r.name as reviewer_name, r.email as reviewer_email, r.organization_id, r.is_admin,
      r.avatar_key
    from users u
    join auth_sessions ses on ses.user_id = u.id and ses.id = $2 and ses.revoked_at is null
    left join reviewers r on r.user_id = u.id
    where u.id = $1`,
    [userId, sessionId],
  );
  return rows[0];
}
