import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../platform/db/index.ts';
import { organizations, reviewers, subscriptionPlans } from '../../platform/db/schema.ts';

export type ReviewerRow = typeof reviewers.$inferSelect;

export async function findPlanIdByName(db: Queryable, name: string) {
  const [row] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.name, name));
  return row?.id;
}

export async function lockReviewerByUserId(db: Queryable, userId: string) {
  const [row] = await db.select().from(reviewers).where(eq(reviewers.userId, userId)).for('update');
  return row;
}

export async function findReviewerByUserId(db: Queryable, userId: string) {
  const [row] = await db.select().from(reviewers).where(eq(reviewers.userId, userId));
  return row;
}

export async function insertOrganization(
  db: Queryable,
  values: { name: string; inviteCode: string; subscriptionPlanId: string },
) {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

/** Joins a reviewer to an organization, only while the reviewer has none. */
export async function setMembership(
  db: Queryable,
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
export async function lockOrganizationByInviteCode(db: Queryable, inviteCode: string) {
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

export async function countMembers(db: Queryable, organizationId: string) {
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
};

export async function getOrganizationSummary(db: Queryable, organizationId: string) {
  const rows = await queryRows<OrganizationSummaryRow>(
    db,
    sql`
    select o.id, o.name, o.logo_url, o.invite_code, p.name as plan_name, p.user_limit, p.track_limit,
      (select count(*)::int from reviewers r where r.organization_id = o.id) as member_count
    from organizations o join subscription_plans p on p.id = o.subscription_plan_id
    where o.id = ${organizationId}`,
  );
  return rows[0];
}

export async function listMembers(db: Queryable, organizationId: string) {
  return db
    .select()
    .from(reviewers)
    .where(eq(reviewers.organizationId, organizationId))
    .orderBy(asc(reviewers.name));
}

export async function findMember(db: Queryable, organizationId: string, reviewerId: string) {
  const [row] = await db
    .select()
    .from(reviewers)
    .where(and(eq(reviewers.organizationId, organizationId), eq(reviewers.id, reviewerId)));
  return row;
}
