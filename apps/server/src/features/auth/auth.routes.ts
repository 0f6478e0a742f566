import { passwordGrantBody, refreshGrantBody } from '@music-review/core/auth-schemas';
import * as auth from '@music-review/core/contracts/auth';
import { SESSION_HINT_COOKIE } from '@music-review/core/session-hint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { mfaRequired } from '../../platform/auth/request-auth.ts';
import { route } from '../../platform/endpoint-route.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { createAuthService, type IssuedSession } from './auth.service.ts';
import { mfaRoutes } from './mfa.routes.ts';

export const REFRESH_COOKIE = 'mr_refresh';
const COOKIE_PATH = '/auth/v1';

/** The auth API (contracts: packages/core/src/contracts/auth.ts); the factors are in mfa.routes.ts. */
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

  route(app, ctx, auth.signUp, async ({ body, req }) => ({
    user: await service.signUp(body, clientOf(req)),
  }));

  route(app, ctx, auth.issueAuthToken, async ({ query, body: raw, req, reply }) => {
    if (query.grant_type === 'password') {
      const body = passwordGrantBody.safeParse(raw ?? {});
      if (!body.success) throw new AppError('validation_failed', 'Please enter your email and password');
      return sendSession(reply, await service.signInWithPassword(body.data, clientOf(req)));
    }
    const body = refreshGrantBody.safeParse(raw ?? {});
    const token = (body.success ? body.data.refresh_token : undefined) ?? req.cookies[REFRESH_COOKIE];
    try {
      return sendSession(reply, await service.refresh(token));
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_grant') clearRefreshCookie(reply);
      throw err;
    }
  });

  route(app, ctx, auth.signOut, async ({ caller, reply }) => {
    await service.logout(caller);
    clearRefreshCookie(reply);
    return reply.send();
  });

  route(app, ctx, auth.recoverPassword, async ({ body, req }) => {
    await service.recover(body.email, clientOf(req));
    return {};
  });

  route(app, ctx, auth.resendSignupEmail, async ({ body }) => {
    await service.resendSignup(body.email);
    return {};
  });

  // The emailed link. Opens in a browser: answers with redirects, never JSON.
  route(app, ctx, auth.verifyEmailLink, async ({ query, req, reply }) => {
    const base = ctx.config.appUrl;
    let session: IssuedSession | null = null;
    try {
      session = await service.verifyEmailLink(query.token, query.type, clientOf(req));
    } catch (err) {
      if (err instanceof AppError && err.code === 'rate_limited') {
        return reply.redirect(`${base}/?auth_error=rate_limited`);
      }
      throw err;
    }
    if (!session) return reply.redirect(`${base}/?auth_error=link_invalid`);
    setRefreshCookie(reply, session.refresh_token);
    return reply.redirect(query.type === 'recovery' ? `${base}/reset-password` : `${base}/`);
  });

  route(app, ctx, auth.getAuthUser, ({ caller }) => service.getUser(caller));

  route(app, ctx, auth.updateAuthUser, async ({ caller, body, req }) => {
    // A reset link's session may set a new password before the code step; any other needs aal2
    // when the account has a verified factor.
    if (!caller.isRecovery && caller.isMfaPending) throw mfaRequired();
    return service.updatePassword(caller, body.password, body.current_password, clientOf(req));
  });

  await mfaRoutes(app, ctx, { auth: service, sendSession });

  route(app, ctx, auth.getSigningKeys, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=600');
    return ctx.keys.jwks();
  });
}
