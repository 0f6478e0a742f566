import {
  passwordGrantBody,
  recoverBody,
  refreshGrantBody,
  resendBody,
  signupBody,
  updateUserBody,
} from '@music-review/core/auth-schemas';
import { SESSION_HINT_COOKIE } from '@music-review/core/session-hint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { createAuthService, type IssuedSession } from './auth.service.ts';
import { mfaRoutes } from './mfa.routes.ts';

export const REFRESH_COOKIE = 'mr_refresh';
const COOKIE_PATH = '/auth/v1';

const factorSchema = z.object({
  id: z.string(),
  factor_type: z.enum(['totp', 'phone']),
  status: z.enum(['verified', 'unverified']),
  friendly_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const userSchema = z.object({
  id: z.string(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  user_metadata: z.record(z.string(), z.unknown()),
  factors: z.array(factorSchema),
});
const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  user: userSchema,
});
const empty = z.object({});

export async function authRoutes(app: App, ctx: AppContext) {
  const service = createAuthService(ctx);
  const secure = ctx.config.appUrl.startsWith('https://');
  const clientOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

  const setRefreshCookie = (reply: FastifyReply, token: string) => {
    const maxAge = ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400;
    reply.setCookie(REFRESH_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge,
    });
    // Readable by the page, holding nothing secret: the web app restores a session on load only when
    // it is there, so a signed-out visit asks nothing that must fail.
    reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'strict', secure, maxAge });
  };
  const clearRefreshCookie = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'strict', secure });
  };
  const sendSession = (reply: FastifyReply, session: IssuedSession) => {
    setRefreshCookie(reply, session.refresh_token);
    const { sessionId: _omit, ...body } = session;
    return body;
  };

  app.post(
    '/auth/v1/signup',
    { schema: { tags: ['auth'], body: signupBody, response: { 200: z.object({ user: userSchema }) } } },
    async (req) => ({ user: await service.signUp(req.body, clientOf(req)) }),
  );

  app.post(
    '/auth/v1/token',
    {
      schema: {
        tags: ['auth'],
        querystring: z.object({ grant_type: z.enum(['password', 'refresh_token']) }),
        // Fastify validates a missing body as null: a browser refreshing by cookie sends none.
        body: z.union([passwordGrantBody, refreshGrantBody]).nullish(),
        response: { 200: sessionSchema },
      },
    },
    async (req, reply) => {
      if (req.query.grant_type === 'password') {
        const body = passwordGrantBody.safeParse(req.body ?? {});
        if (!body.success) throw new AppError('validation_failed', 'Please enter your email and password');
        return sendSession(reply, await service.signInWithPassword(body.data, clientOf(req)));
      }
      const body = refreshGrantBody.safeParse(req.body ?? {});
      const token = (body.success ? body.data.refresh_token : undefined) ?? req.cookies[REFRESH_COOKIE];
      try {
        return sendSession(reply, await service.refresh(token));
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_grant') clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.post('/auth/v1/logout', { schema: { tags: ['auth'] } }, async (req, reply) => {
    const caller = await ctx.auth.requireSession(req);
    await service.logout(caller);
    clearRefreshCookie(reply);
    return reply.status(204).send();
  });

  app.post(
    '/auth/v1/recover',
    { schema: { tags: ['auth'], body: recoverBody, response: { 200: empty } } },
    async (req) => {
      await service.recover(req.body.email, clientOf(req));
      return {};
    },
  );

  app.post(
    '/auth/v1/resend',
    { schema: { tags: ['auth'], body: resendBody, response: { 200: empty } } },
    async (req) => {
      await service.resendSignup(req.body.email);
      return {};
    },
  );

  // The emailed link. Opens in a browser: answers with redirects, never JSON.
  app.get(
    '/auth/v1/verify',
    {
      schema: {
        tags: ['auth'],
        querystring: z.object({
          token: z.string().max(200).default(''),
          type: z.enum(['signup', 'recovery']),
        }),
      },
    },
    async (req, reply) => {
      const base = ctx.config.appUrl;
      let session: IssuedSession | null = null;
      try {
        session = await service.verifyEmailLink(req.query.token, req.query.type, clientOf(req));
      } catch (err) {
        if (err instanceof AppError && err.code === 'rate_limited') {
          return reply.redirect(`${base}/?auth_error=rate_limited`);
        }
        throw err;
      }
      if (!session) return reply.redirect(`${base}/?auth_error=link_invalid`);
      setRefreshCookie(reply, session.refresh_token);
      return reply.redirect(req.query.type === 'recovery' ? `${base}/reset-password` : `${base}/`);
    },
  );

  app.get('/auth/v1/user', { schema: { tags: ['auth'], response: { 200: userSchema } } }, async (req) =>
    service.getUser(await ctx.auth.requireSession(req)),
  );

  app.put(
    '/auth/v1/user',
    { schema: { tags: ['auth'], body: updateUserBody, response: { 200: userSchema } } },
    async (req) =>
      service.updatePassword(
        // A reset link's session may set a new password before the code step; any other needs aal2
        // when the account has a verified factor.
        await ctx.auth.requireSession(req).then((c) => (c.isRecovery ? c : ctx.auth.requireCaller(req))),
        req.body.password,
        req.body.current_password,
        clientOf(req),
      ),
  );

  await mfaRoutes(app, ctx, { auth: service, sendSession, sessionSchema });

  app.get('/auth/v1/.well-known/jwks.json', { schema: { tags: ['auth'] } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return ctx.keys.jwks();
  });
}
