import { and, eq, sql } from 'drizzle-orm';
import { type OrgTx, type Queryable, queryRows } from '../../platform/db/index.ts';
import { reviewers, users } from '../../platform/db/schema.ts';

export type ProfileRow = { id: string; name: string; email: string; avatarKey: string | null };

const profileColumns = {
  id: reviewers.id,
  name: reviewers.name,
  email: reviewers.email,
  avatarKey: reviewers.avatarKey,
};

/** The member's reviewer row (inside withOrg: row-level security scopes it too). */
export async function updateReviewerName(
  tx: OrgTx,
  organizationId: string,
  reviewerId: string,
  name: string,
): Promise<ProfileRow | undefined> {
  const [row] = await tx
    .update(reviewers)
    .set({ name })
    .where(and(eq(reviewers.id, reviewerId), eq(reviewers.organizationId, organizationId)))
    .returning(profileColumns);
  return row;
}

/** Keeps the account's metadata name in step with the reviewer name (GET /auth/v1/user shows it). */
export async function updateUserMetadataName(db: Queryable, userId: string, name: string) {
  await db
    .update(users)
    .set({
      userMetadata: sql`${users.userMetadata} || ${JSON.stringify({ name, full_name: name })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** Sets (or clears) the avatar; answers the row and the key it replaced. */
export async function setAvatarKey(
  tx: OrgTx,
  organizationId: string,
  reviewerId: string,
  avatarKey: string | null,
): Promise<{ row: ProfileRow; previousKey: string | null } | undefined> {
  const [previous] = await tx
    .select({ avatarKey: reviewers.avatarKey })
    .from(reviewers)
    .where(and(eq(reviewers.id, reviewerId), eq(reviewers.organizationId, organizationId)))
    .for('update');
  if (!previous) return undefined;
  const [row] = await tx
    .update(reviewers)
    .set({ avatarKey })
    .where(and(eq(reviewers.id, reviewerId), eq(reviewers.organizationId, organizationId)))
    .returning(profileColumns);
  return row ? { row, previousKey: previous.avatarKey } : undefined;
}

export type SessionRow = {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date | string;
  last_active_at: Date | string;
};

/**
 * The user's open sessions: not signed out, and used within the refresh window (an older one can no
 * longer refresh, so it is over). Auth sessions are account data, not tenant data: the user filter
 * is what scopes them.
 */
export async function listOpenSessions(db: Queryable, userId: string, ttlDays: number) {
  return queryRows<SessionRow>(
    db,
    sql`select id, user_agent, ip, created_at, coalesce(refreshed_at, created_at) as last_active_at
        from auth_sessions
        where user_id = ${userId} and revoked_at is null
          and coalesce(refreshed_at, created_at) > now() - make_interval(days => ${ttlDays})
        order by coalesce(refreshed_at, created_at) desc, created_at desc`,
  );
}

/** Signs out one of the user's sessions; false when the user has no such open session. */
export async function revokeUserSession(db: Queryable, userId: string, sessionId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update auth_sessions set revoked_at = now()
        where id = ${sessionId} and user_id = ${userId} and revoked_at is null
        returning id`,
  );
  return rows.length > 0;
}

/** Signs out every session of the user but one; answers how many ended. */
export async function revokeOtherUserSessions(db: Queryable, userId: string, keepSessionId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update auth_sessions set revoked_at = now()
        where user_id = ${userId} and id <> ${keepSessionId} and revoked_at is null
        returning id`,
  );
  return rows.length;
}
