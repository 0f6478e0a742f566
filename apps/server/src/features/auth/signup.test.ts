import { AUTH_MESSAGES } from '@music-review/core/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  latestLink,
  mailbox,
  openLink,
  refreshCookieOf,
  refreshWithCookie,
  signInRaw,
  signUp,
  uniqueEmail,
  uniqueIp,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const postSignup = (payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: '/auth/v1/signup', payload, remoteAddress: uniqueIp() });
const resend = (email: string) =>
  server.app.inject({
    method: 'POST',
    url: '/auth/v1/resend',
    payload: { type: 'signup', email },
    remoteAddress: uniqueIp(),
  });

describe('POST /auth/v1/signup', () => {
  it('creates an unconfirmed user and mails a confirmation link to that address', async () => {
    const email = uniqueEmail('signup');
    const res = await postSignup({ email, password: DEFAULT_PASSWORD, name: 'Nina Signup' });

    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      email_confirmed_at: null,
      factors: [],
    });
    expect(user.user_metadata).toMatchObject({ name: 'Nina Signup' });
    expect(user).not.toHaveProperty('password_hash');

    const mails = await mailbox(server.app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    const link = await latestLink(server.app, email, 'signup');
    expect(link).toMatch(/^http:\/\/app\.test\/auth\/v1\/verify\?type=signup&token=[\w%-]+$/);
    expect(mails[0]!.html).toContain(`href="${link!.replace('&', '&amp;')}"`);
  });

  it('answers a taken address exactly like a new one, and mails its owner instead of a link', async () => {
    const email = uniqueEmail('taken');
    const owner = await signUp(server.app, { email, name: 'First Owner' });
    await openLink(server.app, (await latestLink(server.app, email))!);
    const fresh = await postSignup({
      email: uniqueEmail('fresh'),
      password: DEFAULT_PASSWORD,
      name: 'Again',
    });

    for (const again of [email, email.toUpperCase(), ` ${email.replace(/^./, (c) => c.toUpperCase())} `]) {
      const res = await postSignup({ email: again, password: DEFAULT_PASSWORD, name: 'Again' });
      expect(res.statusCode).toBe(fresh.statusCode);
      const { user } = res.json();
      // The same shape, and nothing of the real account: not its id, name, confirmation or dates.
      expect(Object.keys(user).sort()).toEqual(Object.keys(fresh.json().user).sort());
      expect(user).toMatchObject({
        email,
        email_confirmed_at: null,
        factors: [],
        user_metadata: { name: 'Again' },
      });
      expect(user.id).not.toBe(owner.user.id);
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    }

    // The owner hears that someone tried, with no link that would confirm or sign anyone in.
    const mails = await mailbox(server.app, email);
    expect(mails).toHaveLength(1 + 3);
    const notice = mails[0]!;
    expect(notice.subject).toBe(AUTH_MESSAGES.signupAttemptSubject);
    expect(notice.text).toContain('Someone tried to create a Music Review account with this email address');
    expect(notice.text).not.toMatch(/\/auth\/v1\/verify/);
    // The account is untouched: its own password still signs in, the attempt's does not create one.
    expect((await signInRaw(server.app, email, owner.password)).statusCode).toBe(200);
  });

  it.each([
    ['a password under 8 characters', { password: 'short12' }, AUTH_MESSAGES.passwordTooShort, 'password'],
    ['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
    ['a missing name', { name: undefined }, null, 'name'],
    ['a blank name', { name: '   ' }, 'Please enter your name', 'name'],
    ['a missing password', { password: undefined }, null, 'password'],
  ])(
    'answers 400 validation_failed for %s, in the one error shape',
    async (_label, override, message, field) => {
      const email = uniqueEmail('invalid');
      const payload = { email, password: DEFAULT_PASSWORD, name: 'Valid Name', ...override };
      const res = await postSignup(payload);

      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['error']);
      expect(Object.keys(body.error).sort()).toEqual(['code', 'fields', 'message']);
      expect(body.error.code).toBe('validation_failed');
      expect(typeof body.error.message).toBe('string');
      if (message) expect(body.error.message).toContain(message);
      // The field at fault, by name (decision 0020).
      expect(Object.keys(body.error.fields)).toEqual([field]);
      if (message) expect(body.error.fields[field]).toBe(message);
      // Nothing was created: the same address can still sign up.
      expect(await mailbox(server.app, email)).toHaveLength(0);
    },
  );
});

describe('GET /auth/v1/verify?type=signup (the emailed link)', () => {
  it('confirms the email, redirects to the app and sets a refresh cookie that works', async () => {
    const { email, password } = await signUp(server.app);
    const link = (await latestLink(server.app, email))!;

    const res = await openLink(server.app, link);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://app.test/');
    const cookie = refreshCookieOf(res)!;
    expect(cookie).toBeDefined();
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe('/auth/v1');
    expect(String(cookie.sameSite).toLowerCase()).toBe('strict');

    const refreshed = await refreshWithCookie(server.app, cookie.value);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.email).toBe(email);
    expect(refreshed.json().user.email_confirmed_at).not.toBeNull();

    // The account can now sign in with its password.
    expect((await signInRaw(server.app, email, password)).statusCode).toBe(200);
  });

  it('refuses a link that was already used', async () => {
    const { email } = await signUp(server.app);
    const link = (await latestLink(server.app, email))!;
    expect((await openLink(server.app, link)).statusCode).toBe(302);

    const again = await openLink(server.app, link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('http://app.test/?auth_error=link_invalid');
    expect(refreshCookieOf(again)).toBeUndefined();
  });

  it.each([
    ['a bogus token', '/auth/v1/verify?type=signup&token=not-a-real-token'],
    ['an empty token', '/auth/v1/verify?type=signup&token='],
    ['no token', '/auth/v1/verify?type=signup'],
  ])('redirects %s to /?auth_error=link_invalid', async (_label, url) => {
    const res = await server.app.inject({ method: 'GET', url, remoteAddress: uniqueIp() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://app.test/?auth_error=link_invalid');
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('refuses a signup link presented as a recovery link', async () => {
    const { email } = await signUp(server.app);
    const link = (await latestLink(server.app, email))!.replace('type=signup', 'type=recovery');
    const res = await openLink(server.app, link);
    expect(res.headers.location).toBe('http://app.test/?auth_error=link_invalid');
  });

  it('refuses an expired link and leaves the account unconfirmed', async () => {
    const { email, password, user } = await signUp(server.app);
    await server.database.global.execute(
      sql`update email_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
    );

    const res = await openLink(server.app, (await latestLink(server.app, email))!);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://app.test/?auth_error=link_invalid');
    expect(refreshCookieOf(res)).toBeUndefined();

    const signIn = await signInRaw(server.app, email, password);
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().error.code).toBe('email_not_confirmed');
  });
});

describe('POST /auth/v1/resend', () => {
  it('sends one more confirmation mail right after sign-up, then refuses a second within 60 s', async () => {
    const { email } = await signUp(server.app);

    const first = await resend(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({});
    const mails = await mailbox(server.app, email);
    expect(mails).toHaveLength(2);
    // The resent link works.
    const res = await openLink(server.app, (await latestLink(server.app, email))!);
    expect(res.headers.location).toBe('http://app.test/');

    const second = await resend(email.toUpperCase());
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('rate_limited');
    // The cooldown runs from the resend just made, not to the end of some fixed clock window.
    const retryAfter = Number(second.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailbox(server.app, email)).toHaveLength(2);
  });

  it('answers 200 for an unknown email without sending mail', async () => {
    const email = uniqueEmail('nobody');
    const res = await resend(email);
    expect(res.statusCode).toBe(200);
    expect(await mailbox(server.app, email)).toHaveLength(0);
  });
});
