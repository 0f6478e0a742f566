import { and, eq, isNull, sql } from 'drizzle-orm';
import { type OwnerScope, type Queryable, queryRows } from '../../platform/db/index.ts';
import {
  authSessions,
  emailTokens,
  mfaFactors,
  refreshTokens,
  reviewers,
  users,
} from '../../platform/db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(
  db: Queryable,
  values: {
    email: string;
    passwordHash: string;
    userMetadata: Record<string, unknown>;
    emailConfirmedAt?: Date;
  },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
}

export async function insertSession(
  db: Queryable,
  values: { userId: string; isRecovery: boolean; userAgent: string | null; ip: string | null },
) {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row!;
}

export async function findOpenSession(db: Queryable, sessionId: string, userId: string) {
  const [row] = await db
    .select({ aal: authSessions.aal, isRecovery: authSessions.isRecovery })
    .from(authSessions)
    .where(
      and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)),
    );
  return row;
}

export async function insertRefreshToken(db: Queryable, sessionId: string, tokenHash: string) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash });
}

/** Marks the token used (once): returns the row as it was, or nothing when unknown. */
export async function consumeRefreshToken(db: Queryable, tokenHash: string) {
  const rows = await queryRows<{
    session_id: string;
    used_at: string | null;
    user_id: string;
    revoked_at: string | null;
    is_recovery: boolean;
    aal: 'aal1' | 'aal2';
    created_at: string;
  }>(
    db,
    sql`
    with target as (
      select rt.id, rt.used_at as previous_used_at, rt.created_at as token_created_at from refresh_tokens rt where rt.token_hash = ${tokenHash} for update
    ), upd as (
      update refresh_tokens set used_at = coalesce(refresh_tokens.used_at, now())
      from target where refresh_tokens.id = target.id
      returning refresh_tokens.session_id, target.previous_used_at, target.token_created_at
    )
    select upd.session_id, upd.previous_used_at as used_at, s.user_id, s.revoked_at, s.is_recovery, s.aal, upd.token_created_at as created_at
    from upd join auth_sessions s on s.id = upd.session_id`,
  );
  return rows[0];
}

export async function revokeSession(db: Queryable, sessionId: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

export async function revokeOtherSessions(db: Queryable, userId: string, keepSessionId: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        sql`${authSessions.id} <> ${keepSessionId}`,
      ),
    );
}

export async function touchSession(db: Queryable, sessionId: string, values: { isRecovery?: boolean }) {
  await db
    .update(authSessions)
    .set({ refreshedAt: new Date(), ...values })
    .where(eq(authSessions.id, sessionId));
}

export async function insertEmailToken(
  db: Queryable,
  values: { userId: string; purpose: 'signup' | 'recovery'; tokenHash: string; expiresAt: Date },
) {
  await db.insert(emailTokens).values(values);
}

/** Uses an emailed token once: only an unused, unexpired token of the purpose is accepted. */
export async function consumeEmailToken(db: Queryable, tokenHash: string, purpose: 'signup' | 'recovery') {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        sql`${emailTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row;
}

export async function confirmEmail(db: Queryable, userId: string) {
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setLastSignIn(db: Queryable, userId: string) {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}

export async function updatePassword(db: Queryable, userId: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Spec section 6: a signed-in user without a reviewer record gets one. */
export async function ensureReviewer(db: OwnerScope, user: { id: string; email: string }, name: string) {
  await db.insert(reviewers).values({ userId: user.id, email: user.email, name }).onConflictDoNothing();
}
