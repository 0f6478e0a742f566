import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../platform/db/index.ts';
import { authSessions, mfaChallenges, mfaFactors, refreshTokens } from '../../platform/db/schema.ts';

// Factors and challenges belong to a user, not to an organization: every statement here is filtered
// by the caller's user id (or reaches a challenge through a factor that was), so another account's
// ids behave exactly like ids that do not exist.

export type FactorRow = typeof mfaFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

export async function findFactor(db: Queryable, userId: string, factorId: string) {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)));
  return row;
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
}

/** Abandoned enrollments (never verified) stop counting after a day. */
export async function deleteStaleUnverified(db: Queryable, userId: string) {
  await db
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.status, 'unverified'),
        sql`${mfaFactors.createdAt} < now() - interval '1 day'`,
      ),
    );
}

export async function insertFactor(
  db: Queryable,
  values: {
    userId: string;
    factorType: 'totp' | 'phone';
    friendlyName: string;
    secret: string | null;
    phone: string | null;
  },
) {
  const [row] = await db.insert(mfaFactors).values(values).returning();
  return row!;
}

export async function deleteFactor(db: Queryable, userId: string, factorId: string) {
  const rows = await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

export async function insertChallenge(
  db: Queryable,
  values: { factorId: string; otpHash: string | null; expiresAt: Date },
) {
  const [row] = await db.insert(mfaChallenges).values(values).returning();
  return row!;
}

export async function findChallenge(db: Queryable, factorId: string, challengeId: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factorId)));
  return row;
}

/** One more wrong code against a challenge. */
export async function recordWrongAttempt(db: Queryable, challengeId: string) {
  await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(eq(mfaChallenges.id, challengeId));
}

/**
 * Uses a challenge once: only an unverified, unexpired one with attempts left is taken. Concurrent
 * verifies of the same challenge: one wins, the others find it used.
 */
export async function consumeChallenge(db: Queryable, challengeId: string, maxAttempts: number) {
  const rows = await db
    .update(mfaChallenges)
    .set({ verifiedAt: new Date() })
    .where(
      and(
        eq(mfaChallenges.id, challengeId),
        isNull(mfaChallenges.verifiedAt),
        sql`${mfaChallenges.expiresAt} > now()`,
        sql`${mfaChallenges.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/**
 * Accepts a TOTP time step once: it must be later than the last one accepted, so a code (or any
 * older one) cannot be replayed. Atomic, so two requests with the same code cannot both pass.
 */
export async function acceptTotpStep(db: Queryable, factorId: string, step: number) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update mfa_factors set last_used_step = ${step}
        where id = ${factorId} and (last_used_step is null or last_used_step < ${step})
        returning id`,
  );
  return rows.length > 0;
}

export async function markFactorVerified(db: Queryable, factorId: string) {
  await db
    .update(mfaFactors)
    .set({ status: 'verified', updatedAt: new Date() })
    .where(eq(mfaFactors.id, factorId));
}

/**
 * The session reaches aal2. Its unused refresh tokens are spent, so a refresh token handed out at
 * aal1 cannot be traded for the stronger session (presenting one later counts as reuse).
 */
export async function raiseSessionToAal2(db: Queryable, sessionId: string) {
  await db.update(authSessions).set({ aal: 'aal2' }).where(eq(authSessions.id, sessionId));
  await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt)));
}

/**
 * Encrypts TOTP seeds stored before they were encrypted (run at start, where the key is at hand; a
 * migration has no key). Each row is replaced only if it still holds the plain value it was read with.
 */
export async function sealPlainTotpSecrets(
  db: Queryable,
  box: { seal(plain: string): string; isSealed(value: string): boolean },
): Promise<number> {
  const rows = await db
    .select({ id: mfaFactors.id, secret: mfaFactors.secret })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.factorType, 'totp'), sql`${mfaFactors.secret} is not null`));
  let sealed = 0;
  for (const row of rows) {
    if (!row.secret || box.isSealed(row.secret)) continue;
    const updated = await db
      .update(mfaFactors)
      .set({ secret: box.seal(row.secret) })
      .where(and(eq(mfaFactors.id, row.id), eq(mfaFactors.secret, row.secret)))
      .returning({ id: mfaFactors.id });
    sealed += updated.length;
  }
  return sealed;
}
