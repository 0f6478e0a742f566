import * as auth from '@music-review/core/contracts/auth';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/request-auth.ts';
import { route } from '../../platform/endpoint-route.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import type { AuthService, IssuedSession } from './auth.service.ts';
import { createMfaService } from './mfa.service.ts';
import { createDevMailboxSms, type SmsTransport } from './mfa.sms.ts';

export interface MfaRoutesOptions {
  auth: AuthService;
  /** Answers a session the way the token endpoint does (body, and the refresh cookie). */
  sendSession: (reply: FastifyReply, session: IssuedSession) => auth.AuthSession;
  /** Where texted codes go; by default the dev mailbox outside production, none in production. */
  sms?: SmsTransport | null;
}

/**
 * Multi-factor authentication (spec section 7): enroll, challenge, verify and unenroll a factor.
 * Reachable with an aal1 session: this is where such a session takes the code step.
 */
export async function mfaRoutes(app: App, ctx: AppContext, options: MfaRoutesOptions) {
  const sms =
    options.sms !== undefined
      ? options.sms
      : ctx.config.isProduction
        ? null
        : createDevMailboxSms(ctx.database);
  const service = createMfaService(ctx, { sms, auth: options.auth });

  /** Any open session of the account except a password-reset one (it may only set a password). */
  const account = (caller: Caller) => {
    if (caller.isRecovery)
      throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
    return caller;
  };
  // A malformed factor id answers 404 at the boundary (uuidOr404 in the contract), like another
  // account's factor.

  route(app, ctx, auth.enrollFactor, ({ caller, body }) => service.enroll(account(caller), body));

  route(app, ctx, auth.challengeFactor, ({ caller, params, req }) =>
    service.challenge(account(caller), params.id, req.ip),
  );

  route(app, ctx, auth.verifyFactor, async ({ caller, params, body, req, reply }) =>
    options.sendSession(reply, await service.verify(account(caller), params.id, body, req.ip)),
  );

  route(app, ctx, auth.unenrollFactor, ({ caller, params }) => service.unenroll(account(caller), params.id));
}
