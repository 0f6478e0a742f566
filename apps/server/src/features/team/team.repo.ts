import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type OrgTx, type OwnerScope, queryRows } from '../../platform/db/index.ts';
import { reviewers } from '../../platform/db/schema.ts';

export type MemberRow = typeof reviewers.$inferSelect;

export async function listMembers(tx: OrgTx, organizationId: string): Promise<MemberRow[]> {
  return tx
    .select()
    .from(reviewers)
    .where(eq(reviewers.organizationId, organizationId))
    .orderBy(desc(reviewers.isAdmin), asc(sql`lower(${reviewers.name})`), asc(reviewers.id));
}

export type PlanUsageRow = {
  name: string;
  invite_code: string;
  plan_name: string;
  track_limit: number;
  user_limit: number;
  member_count: number;
};

/**
 * The plan's limits with the members. The tracks of the last 30 days (what the track limit counts)
 * are the songs feature's to count: the team page asks the songs service, in the same transaction.
 */
export async function getPlanUsage(tx: OrgTx, organizationId: string) {
  const rows = await queryRows<PlanUsageRow>(
    tx,
    sql`select o.name, o.invite_code, p.name as plan_name, p.track_limit, p.user_limit,
          (select count(*)::int from reviewers r where r.organization_id = o.id) as member_count
        from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${organizationId}`,
  );
  return rows[0];
}

/**
 * Locks the organization row: every change of roles and membership takes this lock first, so two
 * admins demoting each other at the same moment are counted one after the other.
 */
export async function lockOrganization(tx: OrgTx | OwnerScope, organizationId: string) {
  const rows = await queryRows<{ id: string; name: string; user_limit: number }>(
    tx,
    sql`select o.id, o.name, p.user_limit
        from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${organizationId}
        for update of o`,
  );
  return rows[0];
}

export async function lockMember(tx: OrgTx | OwnerScope, organizationId: string, reviewerId: string) {
  const [row] = await tx
    .select()
    .from(reviewers)
    .where(and(eq(reviewers.id, reviewerId), eq(reviewers.organizationId, organizationId)))
    .for('update');
  return row;
}

export async function countAdmins(tx: OrgTx | OwnerScope, organizationId: string) {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from reviewers where organization_id = ${organizationId} and is_admin`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function setAdmin(tx: OrgTx, organizationId: string, reviewerId: string, isAdmin: boolean) {
  const [row] = await tx
    .update(reviewers)
    .set({ isAdmin })
    .where(and(eq(reviewers.id, reviewerId), eq(reviewers.organizationId, organizationId)))
    .returning();
  return row;
}

export async function findMemberByEmail(tx: OrgTx, organizationId: string, email: string) {
  const [row] = await tx
    .select({ id: reviewers.id })
    .from(reviewers)
    .where(
      and(
        eq(reviewers.organizationId, organizationId),
        sql`lower(${reviewers.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row;
}

/**
 * Takes a member out of the label: their presence, what they were viewing and their notification
 * choices go, and the reviewer row leaves the organization (no label, no admin, no photo: the photo
 * is stored under the label). Runs as the owner with explicit organization filters, because the
 * row-level-security policy cannot let a row leave its organization (its check would refuse the
 * null organization), like joining a label cannot enter one.
 */
export async function removeMember(tx: OwnerScope, organizationId: string, reviewerId: string) {
  await tx.execute(
    sql`delete from user_presence where reviewer_id = ${reviewerId} and organization_id = ${organizationId}`,
  );
  await tx.execute(
    sql`delete from track_viewers where reviewer_id = ${reviewerId} and organization_id = ${organizationId}`,
  );
  await tx.execute(
    sql`delete from notification_preferences
        where reviewer_id = ${reviewerId} and organization_id = ${organizationId}`,
  );
  const [row] = await tx
    .update(reviewers)
    .set({ organizationId: null, isAdmin: false, avatarKey: null })
    .where(and(eq(reviewers.id, reviewerId), eq(reviewers.organizationId, organizationId)))
    .returning();
  return row;
}

/**
 * A no-op update of the organization row, so its realtime change reaches the label's sockets: the
 * removed member's own row no longer names the organization, so its change reaches none of them.
 */
export async function announceMembershipChange(tx: OrgTx | OwnerScope, organizationId: string) {
  await tx.execute(sql`update organizations set name = name where id = ${organizationId}`);
}

export async function setInviteCode(tx: OrgTx, organizationId: string, inviteCode: string) {
  const rows = await queryRows<{ invite_code: string }>(
    tx,
    sql`update organizations set invite_code = ${inviteCode} where id = ${organizationId} returning invite_code`,
  );
  return rows[0]?.invite_code;
}
