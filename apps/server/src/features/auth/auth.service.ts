import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type AuthSession, type AuthUser, reviewerNameFor } from '@music-review/core/auth';
import { checkPasswordStrength, weakPasswordMessage } from '@music-review/core/password-strength';
import { PROFILE_MESSAGES } from '@music-review/core/profile';
import { hash, verify } from '@node-rs/argon2';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/request-auth.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';
import type { OwnerScope } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { linkMail } from '../../platform/mail/mailer.ts';
import * as repo from './auth.repo.ts';

const SIGNUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const RECOVERY_LINK_TTL_MS = 60 * 60 * 1000;
// Verified against when the account does not exist, so a wrong email costs as long as a wrong password.
const DUMMY_HASH = hash('not-a-real-password-0000');

const SIGNUP_ATTEMPT_INTRO =
  'Someone tried to create a Music Review account with this email address, which already has one. ' +
  'If it was you, sign in instead; if you forgot your password, choose "Forgot Password?" on the sign-in page.';
const SIGNUP_ATTEMPT_FOOTER =
  'If it was not you, you can ignore this email: nothing about your account changed.';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface IssuedSession extends AuthSession {
  sessionId: string;
}

const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid login credentials');
const invalidGrant = (message = 'Invalid Refresh Token') => new AppError('invalid_grant', message);

export function toAuthUser(user: repo.UserRow, factors: repo.FactorRow[]): AuthUser {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    user_metadata: user.userMetadata,
    factors: factors.map((f) => ({
      id: f.id,
      factor_type: f.factorType,
      status: f.status,
      friendly_name: f.friendlyName,
      created_at: f.createdAt.toISOString(),
      updated_at: f.updatedAt.toISOString(),
    })),
  };
}

/**
 * Spec section 6: a signed-in user without a reviewer record gets one, named as at sign-in (from
 * their email and metadata). False when no such user exists. Organizations calls it for a caller
 * whose reviewer record is missing.
 */
export async function ensureReviewerForUser(db: OwnerScope, userId: string): Promise<boolean> {
  const user = await repo.findUserById(db, userId);
  if (!user) return false;
  await repo.ensureReviewer(db, user, reviewerNameFor(user.email, user.userMetadata));
  return true;
}

export function createAuthService(ctx: AppContext) {
  const { database, config, rateLimiter, keys, mailer } = ctx;
  const db = database.global;
  /** A user's reviewer row is made before they belong to any organization. */
  const reviewerRows = database.asOwner(
    'the reviewer row of a user who may not belong to an organization yet',
  );
  const window = config.RATE_LIMIT_WINDOW_SECONDS;

  async function sendEmailLink(user: repo.UserRow, purpose: 'signup' | 'recovery') {
    const token = randomToken();
    const ttl = purpose === 'signup' ? SIGNUP_LINK_TTL_MS : RECOVERY_LINK_TTL_MS;
    await repo.insertEmailToken(db, {
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttl),
    });
    const url = `${config.appUrl}/auth/v1/verify?type=${purpose}&token=${encodeURIComponent(token)}`;
    const mail =
      purpose === 'signup'
        ? linkMail(
            user.email,
            'Confirm your email for Music Review',
            'Welcome to Music Review. Confirm your email address to finish creating your account.',
            'Confirm email',
            url,
          )
        : linkMail(
            user.email,
            'Reset your Music Review password',
            'Someone asked to reset the password of your Music Review account. The link works once, for one hour.',
            'Reset password',
            url,
          );
    await mailer.send(mail);
  }

  async function issueSession(
    user: repo.UserRow,
    sessionId: string,
    aal: 'aal1' | 'aal2',
    isRecovery: boolean,
  ) {
    const refresh = randomToken();
    await repo.insertRefreshToken(db, sessionId, hashToken(refresh));
    const { token, expiresAt } = await keys.sign(
      {
        sub: user.id,
        session_id: sessionId,
        email: user.email,
        aal,
        ...(isRecovery ? { is_recovery: true } : {}),
      },
      config.ACCESS_TOKEN_TTL_SECONDS,
    );
    const factors = await repo.listFactors(db, user.id);
    return {
      sessionId,
      access_token: token,
      refresh_token: refresh,
      token_type: 'bearer' as const,
      expires_in: config.ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      user: toAuthUser(user, factors),
    };
  }

  async function startSession(
    user: repo.UserRow,
    client: ClientInfo,
    isRecovery: boolean,
  ): Promise<IssuedSession> {
    const session = await repo.insertSession(db, {
      userId: user.id,
      isRecovery,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
    });
    return issueSession(user, session.id, session.aal, isRecovery);
  }

  const signInBackoff = () => ({
    free: config.RATE_LIMIT_SIGNIN_FREE_FAILURES,
    maxDelaySeconds: config.RATE_LIMIT_SIGNIN_MAX_DELAY_SECONDS,
  });
  /**
   * Guesses are slowed per account and address together, so someone guessing at an account cannot
   * lock its owner out: the owner's own address has its own count (decision 0014).
   */
  const pairKey = (email: string, ip: string) => `signin:pair:${email.trim().toLowerCase()}|${ip}`;

  async function verifyCurrentPassword(
    userId: string,
    password: string,
    currentPassword: string | undefined,
    client: ClientInfo,
  ) {
    if (!currentPassword) throw new AppError('validation_failed', PROFILE_MESSAGES.currentPasswordMissing);
    const user = await repo.findUserById(db, userId);
    if (!user) throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
    // Wrong guesses count like wrong sign-ins at this account from this address: the same door.
    const key = pairKey(user.email, client.ip);
    await rateLimiter.checkBackoff(key, signInBackoff());
    if (!(await verify(user.passwordHash, currentPassword))) {
      await rateLimiter.recordBackoff(key);
      throw new AppError('invalid_credentials', PROFILE_MESSAGES.currentPasswordWrong);
    }
    if (password === currentPassword) {
      throw new AppError('validation_failed', PROFILE_MESSAGES.passwordSameAsCurrent);
    }
    return user;
  }

  /** Refuses a guessable new password (422 weak_password) with why; sign-in never judges strength. */
  function assertStrongPassword(password: string, accountWords: (string | null | undefined)[]) {
    const strength = checkPasswordStrength(password, accountWords);
    if (!strength.acceptable) throw new AppError('weak_password', weakPasswordMessage(strength));
  }

  /**
   * What sign-up answers for an address that already has an account: the shape of a new, unconfirmed
   * account, with nothing of the real one (decision 0014).
   */
  function lookalikeUser(email: string, metadata: Record<string, unknown>): AuthUser {
    const now = new Date().toISOString();
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      email_confirmed_at: null,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
      user_metadata: metadata,
      factors: [],
    };
  }

  return {
    async signUp(input: { email: string; password: string; name: string }, client: ClientInfo) {
      await rateLimiter.hit(`signup:ip:${client.ip}`, config.RATE_LIMIT_SIGNUP_PER_IP, window);
      assertStrongPassword(input.password, [input.email, input.name]);
      const userMetadata = { name: input.name, full_name: input.name };
      // Hashed either way, so a taken address costs as long as a new one.
      const passwordHash = await hash(input.password);
      const user = await repo.insertUser(db, { email: input.email, passwordHash, userMetadata });
      if (!user) {
        // Taken: the same answer as a new account, so sign-up does not tell who has one; the owner
        // hears of the attempt (and, if it was them, how to get in).
        const owner = await repo.findUserByEmail(db, input.email);
        if (owner) {
          await mailer.send(
            linkMail(
              owner.email,
              AUTH_MESSAGES.signupAttemptSubject,
              SIGNUP_ATTEMPT_INTRO,
              'Sign in',
              `${config.appUrl}/`,
              { footer: SIGNUP_ATTEMPT_FOOTER },
            ),
          );
        }
        return lookalikeUser(input.email, userMetadata);
      }
      await sendEmailLink(user, 'signup');
      return toAuthUser(user, []);
    },

    async signInWithPassword(input: { email: string; password: string }, client: ClientInfo) {
      const email = input.email.trim().toLowerCase();
      const guessKey = pairKey(email, client.ip);
      const ipKey = `signin:ip:${client.ip}`;
      // Refuse before hashing while this address must wait at this account, or has spent its budget.
      await rateLimiter.check(ipKey, config.RATE_LIMIT_SIGNIN_PER_IP, window);
      await rateLimiter.checkBackoff(guessKey, signInBackoff());
      const user = email && input.password ? await repo.findUserByEmail(db, email) : undefined;
      const ok = user ? await verify(user.passwordHash, input.password) : await verify(await DUMMY_HASH, 'x');
      if (!user || !ok) {
        await rateLimiter.recordBackoff(guessKey);
        await rateLimiter.record(ipKey, window);
        throw invalidCredentials();
      }
      if (!user.emailConfirmedAt) throw new AppError('email_not_confirmed', 'Email not confirmed');
      await rateLimiter.reset(guessKey);
      await repo.ensureReviewer(reviewerRows, user, reviewerNameFor(user.email, user.userMetadata));
      await repo.setLastSignIn(db, user.id);
      return startSession({ ...user, lastSignInAt: new Date() }, client, false);
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw invalidGrant('Refresh Token Not Found');
      const used = await repo.consumeRefreshToken(db, hashToken(refreshToken));
      if (!used) throw invalidGrant('Invalid Refresh Token: Refresh Token Not Found');
      if (used.used_at) {
        // A rotated token came back: someone holds a copy. End the whole session.
        await repo.revokeSession(db, used.session_id);
        throw invalidGrant('Invalid Refresh Token: Already Used');
      }
      if (used.revoked_at) throw invalidGrant('Invalid Refresh Token: Session Revoked');
      // Sliding: a session lives while it is used at least once every REFRESH_TOKEN_TTL_DAYS.
      const ageDays = (Date.now() - new Date(used.created_at).getTime()) / 86_400_000;
      if (ageDays > config.REFRESH_TOKEN_TTL_DAYS)
        throw invalidGrant('Invalid Refresh Token: Session Expired');
      const user = await repo.findUserById(db, used.user_id);
      if (!user) throw invalidGrant();
      await repo.touchSession(db, used.session_id, {});
      return issueSession(user, used.session_id, used.aal, used.is_recovery);
    },

    /** A new access and refresh token for a session whose assurance level changed (MFA verify). */
    async reissueSession(userId: string, sessionId: string): Promise<IssuedSession> {
      const [user, session] = await Promise.all([
        repo.findUserById(db, userId),
        repo.findOpenSession(db, sessionId, userId),
      ]);
      if (!user || !session)
        throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
      return issueSession(user, sessionId, session.aal, session.isRecovery);
    },

    async logout(caller: Caller) {
      await repo.revokeSession(db, caller.sessionId);
    },

    async recover(rawEmail: string, client: ClientInfo) {
      await rateLimiter.hit(`recover:ip:${client.ip}`, config.RATE_LIMIT_RECOVER_PER_IP, window);
      const email = rawEmail.trim();
      if (!email) throw new AppError('validation_failed', AUTH_MESSAGES.resetEmailMissing);
      const user = await repo.findUserByEmail(db, email);
      // The product tells a person when no account has this address (spec section 5).
      if (!user) throw new AppError('user_not_found', AUTH_MESSAGES.resetNoAccount);
      await sendEmailLink(user, 'recovery');
    },

    async resendSignup(rawEmail: string) {
      const email = rawEmail.trim().toLowerCase();
      if (!email) throw new AppError('validation_failed', 'Please enter your email address');
      await rateLimiter.cooldown(`resend:${email}`, config.RATE_LIMIT_RESEND_SECONDS);
      const user = await repo.findUserByEmail(db, email);
      // Same answer whether or not the account exists or is already confirmed.
      if (user && !user.emailConfirmedAt) await sendEmailLink(user, 'signup');
    },

    /** The emailed link: confirms (signup) or opens a password-reset session (recovery). */
    async verifyEmailLink(token: string, type: 'signup' | 'recovery', client: ClientInfo) {
      await rateLimiter.hit(`verify:ip:${client.ip}`, config.RATE_LIMIT_VERIFY_PER_IP, window);
      const used = token ? await repo.consumeEmailToken(db, hashToken(token), type) : undefined;
      if (!used) return null;
      if (type === 'signup') await repo.confirmEmail(db, used.userId);
      const user = await repo.findUserById(db, used.userId);
      if (!user) return null;
      if (type === 'signup')
        await repo.ensureReviewer(reviewerRows, user, reviewerNameFor(user.email, user.userMetadata));
      return startSession(user, client, type === 'recovery');
    },

    async getUser(caller: Caller) {
      const user = await repo.findUserById(db, caller.userId);
      if (!user) throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
      return toAuthUser(user, await repo.listFactors(db, user.id));
    },

    async updatePassword(
      caller: Caller,
      password: string,
      currentPassword: string | undefined,
      client: ClientInfo,
    ) {
      // A reset session proved the address; a signed-in one proves the password it replaces, so a
      // borrowed access token alone cannot take the account over.
      const account = caller.isRecovery
        ? await repo.findUserById(db, caller.userId)
        : await verifyCurrentPassword(caller.userId, password, currentPassword, client);
      assertStrongPassword(password, [
        account?.email,
        reviewerNameFor(account?.email ?? '', account?.userMetadata ?? {}),
      ]);
      const updated = await repo.updatePassword(db, caller.userId, await hash(password));
      if (!updated) throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
      // A new password ends every other session; a reset session becomes an ordinary one.
      await repo.revokeOtherSessions(db, caller.userId, caller.sessionId);
      if (caller.isRecovery) {
        await repo.touchSession(db, caller.sessionId, { isRecovery: false });
        // A reset link proves the address too.
        await repo.confirmEmail(db, caller.userId);
      }
      return toAuthUser(updated, await repo.listFactors(db, updated.id));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
