import { challengeFactorBody, enrollFactorBody, verifyFactorBody } from '@music-review/core/mfa-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import type { AuthService, IssuedSession } from './auth.service.ts';
import { createMfaService } from './mfa.service.ts';
import { createDevMailboxSms, type SmsTransport } from './mfa.sms.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const factorParams = z.object({ id: z.string().max(100) });

const totpEnrollment = z.object({
  id: z.string(),
  type: z.literal('totp'),
  friendly_name: z.string(),
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
});
const phoneEnrollment = z.object({
  id: z.string(),
  type: z.literal('phone'),
  friendly_name: z.string(),
  phone: z.string(),
});
const challengeResponse = z.object({
  id: z.string(),
  type: z.enum(['totp', 'phone']),
  expires_at: z.number(),
});

export interface MfaRoutesOptions {
  auth: AuthService;
  /** Answers a session the way the token endpoint does (body, and the refresh cookie)... */
  sendSession: (reply: FastifyReply, session: IssuedSession) => unknown;
  /** ...in the token endpoint's shape. */
  sessionSchema: z.ZodType;
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
  const caller = async (req: FastifyRequest) => {
    const c = await ctx.auth.requireSession(req);
    if (c.isRecovery) throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
    return c;
  };
  // Ids that cannot exist answer like ids of someone else's factor.
  const factorId = (id: string) => {
    if (!UUID.test(id)) throw new AppError('not_found', 'Factor not found');
    return id;
  };
  const tags = ['auth'];

  app.post(
    '/auth/v1/factors',
    {
      schema: {
        tags,
        body: enrollFactorBody,
        response: { 200: z.union([totpEnrollment, phoneEnrollment]) },
      },
    },
    async (req) => service.enroll(await caller(req), req.body),
  );

  app.post(
    '/auth/v1/factors/:id/challenge',
    {
      schema: {
        tags,
        params: factorParams,
        // Fastify validates a missing body as null: a TOTP challenge needs none.
        body: challengeFactorBody.nullish(),
        response: { 200: challengeResponse },
      },
    },
    async (req) => service.challenge(await caller(req), factorId(req.params.id), req.ip),
  );

  app.post(
    '/auth/v1/factors/:id/verify',
    {
      schema: {
        tags,
        params: factorParams,
        body: verifyFactorBody,
        response: { 200: options.sessionSchema },
      },
    },
    async (req, reply) =>
      options.sendSession(
        reply,
        await service.verify(await caller(req), factorId(req.params.id), req.body, req.ip),
      ),
  );

  app.delete(
    '/auth/v1/factors/:id',
    { schema: { tags, params: factorParams, response: { 200: z.object({ id: z.string() }) } } },
    async (req) => service.unenroll(await caller(req), factorId(req.params.id)),
  );
}
