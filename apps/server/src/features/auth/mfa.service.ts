import { randomInt } from 'node:crypto';
import {
  type FactorEnrollmentDto,
  MFA_MESSAGES as M,
  MFA_CHALLENGE_MAX_ATTEMPTS,
  MFA_CHALLENGE_TTL_SECONDS,
  MFA_MAX_FACTORS,
  type MfaChallengeDto,
  maskPhone,
  normalizePhone,
} from '@music-review/core/mfa';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/request-auth.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthService } from './auth.service.ts';
import * as repo from './mfa.repo.ts';
import type { SmsTransport } from './mfa.sms.ts';
import { matchTotpStep, newTotpSecret, qrCodeDataUrl, totpUri } from './mfa.totp.ts';

const DEFAULT_ISSUER = 'Music Review';

const factorNotFound = () => new AppError('not_found', M.factorNotFound);
const insufficientAal = () => new AppError('insufficient_aal', M.insufficientAal);
const wrongCode = (message: string = M.codeWrong) => new AppError('mfa_verification_failed', message);
const challengeExpired = () => new AppError('mfa_challenge_expired', M.challengeExpired);

/** Thrown inside a transaction to undo it. */
const ROLLBACK = Symbol('rollback');

const hasVerified = (factors: repo.FactorRow[]) => factors.some((f) => f.status === 'verified');

export interface MfaServiceOptions {
  /** Where texted codes go; null when none is configured (phone factors are then refused). */
  sms: SmsTransport | null;
  auth: AuthService;
}

export function createMfaService(ctx: AppContext, options: MfaServiceOptions) {
  const { database, config, rateLimiter, secrets } = ctx;
  const db = database.global;
  const window = config.RATE_LIMIT_WINDOW_SECONDS;

  const factorKey = (factorId: string) => `mfa:factor:${factorId}`;
  const ipKey = (ip: string) => `mfa:ip:${ip}`;

  /**
   * Once an account has a verified factor, changing its factors takes an aal2 session: a stolen
   * password alone must not add a factor of the thief's or remove the owner's.
   */
  function requireAal2IfProtected(caller: Caller, factors: repo.FactorRow[]) {
    if (caller.aal !== 'aal2' && hasVerified(factors)) throw insufficientAal();
  }

  /** The seed of a TOTP factor; a row from before encryption (not yet sealed at start) is read as is. */
  const openTotpSecret = (stored: string) => (secrets.isSealed(stored) ? secrets.open(stored) : stored);

  async function ownFactor(caller: Caller, factorId: string) {
    const factor = await repo.findFactor(db, caller.userId, factorId);
    if (!factor) throw factorNotFound();
    return factor;
  }

  async function sendCode(factor: repo.FactorRow, code: string) {
    if (!options.sms || !factor.phone) throw new AppError('bad_request', 'Text messages are not set up.');
    await options.sms.send({
      to: factor.phone,
      text: `${code} is your Music Review verification code. It expires in ${MFA_CHALLENGE_TTL_SECONDS / 60} minutes.`,
    });
  }

  return {
    async enroll(
      caller: Caller,
      input: { factor_type: 'totp' | 'phone'; friendly_name?: string; phone?: string; issuer?: string },
    ): Promise<FactorEnrollmentDto> {
      await repo.deleteStaleUnverified(db, caller.userId);
      const factors = await repo.listFactors(db, caller.userId);
      requireAal2IfProtected(caller, factors);
      if (factors.length >= MFA_MAX_FACTORS) throw new AppError('conflict', M.tooManyFactors);

      if (input.factor_type === 'phone') {
        if (!options.sms) {
          throw new AppError('bad_request', 'Text-message codes are not set up on this server.');
        }
        const phone = normalizePhone(input.phone ?? '');
        if (!phone) throw new AppError('validation_failed', M.phoneInvalid);
        const factor = await repo.insertFactor(db, {
          userId: caller.userId,
          factorType: 'phone',
          friendlyName: input.friendly_name || `Phone ${maskPhone(phone)}`,
          secret: null,
          phone,
        });
        return { id: factor.id, type: 'phone', friendly_name: factor.friendlyName ?? '', phone };
      }

      const secret = newTotpSecret();
      const factor = await repo.insertFactor(db, {
        userId: caller.userId,
        factorType: 'totp',
        friendlyName: input.friendly_name || 'Authenticator app',
        // Kept encrypted: a copy of the database alone does not give the codes (decision 0014).
        secret: secrets.seal(secret),
        phone: null,
      });
      const uri = totpUri({ secret, issuer: input.issuer || DEFAULT_ISSUER, account: caller.email });
      return {
        id: factor.id,
        type: 'totp',
        friendly_name: factor.friendlyName ?? '',
        totp: { qr_code: qrCodeDataUrl(uri), secret, uri },
      };
    },

    /** A challenge to answer with a code; for a phone, the code is texted now. */
    async challenge(caller: Caller, factorId: string, ip: string): Promise<MfaChallengeDto> {
      const factor = await ownFactor(caller, factorId);
      // Each challenge of a phone factor costs a text message: bounded per factor and per address.
      // A TOTP challenge costs a row; its wrong codes are what the limits count.
      if (factor.factorType === 'phone') {
        await rateLimiter.hit(`mfa:sms:ip:${ip}`, config.RATE_LIMIT_MFA_PER_IP, window);
        await rateLimiter.hit(`mfa:sms:${factor.id}`, config.RATE_LIMIT_MFA_PER_FACTOR, window);
      }
      const code = factor.factorType === 'phone' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
      const challenge = await repo.insertChallenge(db, {
        factorId: factor.id,
        otpHash: code ? hashToken(`${factor.id}:${code}`) : null,
        expiresAt: new Date(Date.now() + MFA_CHALLENGE_TTL_SECONDS * 1000),
      });
      if (code) await sendCode(factor, code);
      return {
        id: challenge.id,
        type: factor.factorType,
        expires_at: Math.floor(challenge.expiresAt!.getTime() / 1000),
      };
    },

    /**
     * Checks the code. The first success verifies the factor; every success raises the session to
     * aal2 and answers a new session (a new access and refresh token) like the token endpoint.
     */
    async verify(
      caller: Caller,
      factorId: string,
      input: { challenge_id: string; code: string },
      ip: string,
    ) {
      const factor = await ownFactor(caller, factorId);
      if (factor.status === 'unverified') {
        requireAal2IfProtected(caller, await repo.listFactors(db, caller.userId));
      }
      // Refused before any checking once either budget of wrong codes is spent.
      await rateLimiter.check(factorKey(factor.id), config.RATE_LIMIT_MFA_PER_FACTOR, window);
      await rateLimiter.check(ipKey(ip), config.RATE_LIMIT_MFA_PER_IP, window);

      const challenge = await repo.findChallenge(db, factor.id, input.challenge_id);
      if (!challenge) throw new AppError('not_found', 'Challenge not found');
      if (
        challenge.verifiedAt ||
        !challenge.expiresAt ||
        challenge.expiresAt.getTime() <= Date.now() ||
        challenge.attempts >= MFA_CHALLENGE_MAX_ATTEMPTS
      ) {
        throw challengeExpired();
      }

      const fail = async (error: AppError) => {
        await repo.recordWrongAttempt(db, challenge.id);
        await rateLimiter.record(factorKey(factor.id), window);
        await rateLimiter.record(ipKey(ip), window);
        return error;
      };

      let totpStep: number | null = null;
      if (factor.factorType === 'totp') {
        totpStep = factor.secret ? matchTotpStep(openTotpSecret(factor.secret), input.code) : null;
        if (totpStep === null) throw await fail(wrongCode());
        if (factor.lastUsedStep !== null && totpStep <= factor.lastUsedStep) {
          throw await fail(wrongCode(M.codeUsed));
        }
      } else if (challenge.otpHash !== hashToken(`${factor.id}:${input.code}`)) {
        throw await fail(wrongCode());
      }

      let outcome = 'ok' as 'ok' | 'expired' | 'replayed';
      try {
        await database.global.transaction(async (tx) => {
          if (!(await repo.consumeChallenge(tx, challenge.id, MFA_CHALLENGE_MAX_ATTEMPTS)))
            outcome = 'expired';
          else if (totpStep !== null && !(await repo.acceptTotpStep(tx, factor.id, totpStep)))
            outcome = 'replayed';
          if (outcome !== 'ok') throw ROLLBACK;
          if (factor.status === 'unverified') await repo.markFactorVerified(tx, factor.id);
          await repo.raiseSessionToAal2(tx, caller.sessionId);
        });
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
      // Lost a race with a concurrent verify of the same challenge or the same code.
      if (outcome === 'expired') throw challengeExpired();
      if (outcome === 'replayed') throw await fail(wrongCode(M.codeUsed));

      await rateLimiter.reset(factorKey(factor.id));
      return options.auth.reissueSession(caller.userId, caller.sessionId);
    },

    async unenroll(caller: Caller, factorId: string) {
      const factor = await ownFactor(caller, factorId);
      requireAal2IfProtected(caller, await repo.listFactors(db, caller.userId));
      if (!(await repo.deleteFactor(db, caller.userId, factor.id))) throw factorNotFound();
      return { id: factor.id };
    },
  };
}
