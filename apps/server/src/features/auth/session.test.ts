import { SESSION_HINT_COOKIE } from '@music-review/core/session-hint';
import { sql } from 'drizzle-orm';
import { createLocalJWKSet, generateKeyPair, type JSONWebKeySet, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import {
  authHeader,
  confirmFromMailbox,
  getMe,
  latestLink,
  refreshCookieOf,
  refreshRaw,
  refreshWithCookie,
  signIn,
  signInRaw,
  signUp,
  signUpConfirmed,
  uniqueEmail,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const invalidCredentials = { error: { code: 'invalid_credentials', message: 'Invalid login credentials' } };

describe('POST /auth/v1/token?grant_type=password', () => {
  it('answers with a bearer session, the user and its (empty) factors', async () => {
    const { email, password, user } = await signUp(server.app, { name: 'Sid Session' });
    await confirmFromMailbox(server.app, email);

    const before = Math.floor(Date.now() / 1000);
    const res = await signInRaw(server.app, email, password);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(Object.keys(session).sort()).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(session.access_token.split('.')).toHaveLength(3);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(22);
    expect(session.user).toMatchObject({
      id: user.id,
      email,
      aud: 'authenticated',
      role: 'authenticated',
      factors: [],
      user_metadata: { name: 'Sid Session' },
    });
    expect(session.user.email_confirmed_at).toEqual(expect.any(String));
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));
    // The browser keeps the refresh token in an httpOnly cookie.
    expect(refreshCookieOf(res)?.value).toBe(session.refresh_token);
  });

  it('refuses an unconfirmed account with email_not_confirmed, only when the password is right', async () => {
    const { email, password } = await signUp(server.app);

    const right = await signInRaw(server.app, email, password);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ error: { code: 'email_not_confirmed', message: 'Email not confirmed' } });

    const wrong = await signInRaw(server.app, email, 'wrong-password-123');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalidCredentials);
  });

  it('answers the same invalid credentials for a wrong password and for an unknown email', async () => {
    const { email } = await signUpConfirmed(server.app);

    const wrong = await signInRaw(server.app, email, 'wrong-password-123');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalidCredentials);

    const unknown = await signInRaw(server.app, uniqueEmail('ghost'), 'whatever-password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalidCredentials);
  });

  it('treats the email case-insensitively', async () => {
    const email = uniqueEmail('MixedCase');
    const { password } = await signUp(server.app, { email });
    await confirmFromMailbox(server.app, email.toLowerCase());

    const res = await signInRaw(server.app, ` ${email.toUpperCase()} `, password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email.toLowerCase());
  });

  it('answers 400 with the spec text when email or password is missing', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: uniqueEmail() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter your email and password');
  });

  it('creates the reviewer record on first sign-in, named from the account metadata name', async () => {
    const { email, password, user } = await signUp(server.app, { name: '  Robin Reviewer ' });
    await confirmFromMailbox(server.app, email);
    // Start from an account without a reviewer record (as one made before the record existed).
    await server.database.global.execute(sql`delete from reviewers where user_id = ${user.id}`);

    await signIn(server.app, email, password);
    const rows = await queryRows<{ name: string; email: string; organization_id: string | null }>(
      server.database.global,
      sql`select name, email, organization_id from reviewers where user_id = ${user.id}`,
    );
    expect(rows).toEqual([{ name: 'Robin Reviewer', email, organization_id: null }]);

    // A second sign-in does not make another.
    await signIn(server.app, email, password);
    const count = await queryRows<{ n: number }>(
      server.database.global,
      sql`select count(*)::int as n from reviewers where user_id = ${user.id}`,
    );
    expect(Number(count[0]!.n)).toBe(1);
  });
});

describe('access tokens and JWKS', () => {
  it('publishes only public keys, and an issued access token verifies against them', async () => {
    const { session, user } = await signUpConfirmed(server.app);
    const res = await server.app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const jwks = res.json<JSONWebKeySet>();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).not.toHaveProperty('d');
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: expect.any(String) });
    }

    const { payload, protectedHeader } = await jwtVerify(session.access_token, createLocalJWKSet(jwks), {
      algorithms: ['ES256'],
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(user.id);
    expect(payload.aud).toBe('authenticated');
    expect(payload.exp).toBe(session.expires_at);
  });

  it('refuses an access token whose payload was tampered with', async () => {
    const victim = await signUpConfirmed(server.app);
    const attacker = await signUpConfirmed(server.app);
    expect((await getMe(server.app, attacker.token)).statusCode).toBe(200);

    const [header, payload, signature] = attacker.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: victim.user.id })).toString('base64url');
    const res = await getMe(server.app, `${header}.${forged}.${signature}`);

    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('refuses an expired access token and one signed by another key under the same kid', async () => {
    const { user, session } = await signUpConfirmed(server.app);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());

    const expired = await server.ctx.keys.sign(
      { sub: user.id, session_id: claims.session_id, email: user.email, aal: 'aal1' },
      -60,
    );
    expect((await getMe(server.app, expired.token)).statusCode).toBe(401);

    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })
      .setProtectedHeader({ alg: 'ES256', kid: server.ctx.keys.kid, typ: 'JWT' })
      .sign(privateKey);
    expect((await getMe(server.app, foreign)).statusCode).toBe(401);

    // Control: the genuine token of the same session is accepted.
    expect((await getMe(server.app, session.access_token)).statusCode).toBe(200);
  });
});

describe('POST /auth/v1/token?grant_type=refresh_token', () => {
  it('rotates the refresh token: the new one works, the used one is refused', async () => {
    const { session } = await signUpConfirmed(server.app);

    const first = await refreshRaw(server.app, session.refresh_token);
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect(rotated.token_type).toBe('bearer');
    expect(refreshCookieOf(first)?.value).toBe(rotated.refresh_token);
    expect((await getMe(server.app, rotated.access_token)).statusCode).toBe(200);

    const second = await refreshRaw(server.app, rotated.refresh_token);
    expect(second.statusCode).toBe(200);

    const reused = await refreshRaw(server.app, session.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_grant');
  });

  it('revokes the whole session when a used refresh token comes back', async () => {
    const { email, password, session } = await signUpConfirmed(server.app);
    const otherSession = await signIn(server.app, email, password);

    const rotated = (await refreshRaw(server.app, session.refresh_token)).json();
    const newest = (await refreshRaw(server.app, rotated.refresh_token)).json();
    expect((await getMe(server.app, newest.access_token)).statusCode).toBe(200);

    // Someone replays the first (already used) token.
    const replay = await refreshRaw(server.app, session.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('invalid_grant');

    const afterwards = await refreshRaw(server.app, newest.refresh_token);
    expect(afterwards.statusCode).toBe(400);
    expect(afterwards.json().error.code).toBe('invalid_grant');
    expect((await getMe(server.app, newest.access_token)).statusCode).toBe(401);
    expect((await getMe(server.app, session.access_token)).statusCode).toBe(401);

    // Only that session ended: the user's other session goes on.
    expect((await getMe(server.app, otherSession.access_token)).statusCode).toBe(200);
    expect((await refreshRaw(server.app, otherSession.refresh_token)).statusCode).toBe(200);
  });

  it('refreshes from the mr_refresh cookie alone, with no body or an empty one', async () => {
    const { session } = await signUpConfirmed(server.app);

    const res = await refreshWithCookie(server.app, session.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect((await getMe(server.app, next.access_token)).statusCode).toBe(200);

    const withEmptyBody = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      cookies: { mr_refresh: next.refresh_token },
      payload: {},
    });
    expect(withEmptyBody.statusCode).toBe(200);
  });

  it('refuses a missing or unknown refresh token with invalid_grant and clears the cookie', async () => {
    const none = await server.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('invalid_grant');

    const bogus = await refreshWithCookie(server.app, 'not-a-real-refresh-token');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error.code).toBe('invalid_grant');
    const cleared = refreshCookieOf(bogus);
    expect(cleared?.value).toBe('');
  });
});

describe('POST /auth/v1/logout', () => {
  it('ends the session: 204, then its access and refresh tokens are refused', async () => {
    const { session, headers } = await signUpConfirmed(server.app);

    const res = await server.app.inject({ method: 'POST', url: '/auth/v1/logout', headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(refreshCookieOf(res)?.value).toBe('');

    expect((await getMe(server.app, session.access_token)).statusCode).toBe(401);
    const user = await server.app.inject({ method: 'GET', url: '/auth/v1/user', headers });
    expect(user.statusCode).toBe(401);
    const refreshed = await refreshRaw(server.app, session.refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error.code).toBe('invalid_grant');
  });

  it('answers 401 without a valid token', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: authHeader('garbage'),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the session hint cookie (mr_session)', () => {
  const hintOf = (res: { cookies: { name: string; value: string; path?: string; httpOnly?: boolean }[] }) =>
    res.cookies.find((c) => c.name === SESSION_HINT_COOKIE);

  it('is set, readable by the page, beside every refresh cookie, and cleared with it', async () => {
    const { email, password } = await signUpConfirmed(server.app);
    const signedIn = await signInRaw(server.app, email, password);
    const hint = hintOf(signedIn);
    expect(hint).toMatchObject({ value: '1', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(String(hint && 'sameSite' in hint ? hint.sameSite : '').toLowerCase()).toBe('strict');

    const refreshed = await refreshWithCookie(server.app, signedIn.json().refresh_token);
    expect(hintOf(refreshed)?.value).toBe('1');

    const logout = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: authHeader(refreshed.json().access_token),
    });
    expect(hintOf(logout)?.value).toBe('');
    expect(hintOf(logout)?.path).toBe('/');
  });

  it('is cleared when the refresh token is refused, and set by an emailed link', async () => {
    const bogus = await refreshWithCookie(server.app, 'not-a-real-refresh-token');
    expect(hintOf(bogus)?.value).toBe('');

    const { email } = await signUp(server.app);
    const link = await server.app.inject({
      method: 'GET',
      url:
        new URL((await latestLink(server.app, email))!).pathname +
        new URL((await latestLink(server.app, email))!).search,
    });
    expect(link.statusCode).toBe(302);
    expect(hintOf(link)?.value).toBe('1');
  });
});
