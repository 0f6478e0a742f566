import { AUTH_MESSAGES } from '@music-review/core/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createLabel,
  getMe,
  latestLink,
  mailbox,
  openLink,
  refreshCookieOf,
  refreshRaw,
  refreshWithCookie,
  signIn,
  signInRaw,
  signUp,
  signUpConfirmed,
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

const recover = (email: string) =>
  server.app.inject({
    method: 'POST',
    url: '/auth/v1/recover',
    payload: { email },
    remoteAddress: uniqueIp(),
  });
const putPassword = (token: string, password: string) =>
  server.app.inject({
    method: 'PUT',
    url: '/auth/v1/user',
    headers: authHeader(token),
    payload: { password },
  });

/** Asks for a reset, opens the mailed link and refreshes from its cookie: the recovery session. */
async function recoverySession(email: string) {
  expect((await recover(email)).statusCode).toBe(200);
  const link = await latestLink(server.app, email, 'recovery');
  const opened = await openLink(server.app, link!);
  const refreshed = await refreshWithCookie(server.app, refreshCookieOf(opened)!.value);
  expect(refreshed.statusCode).toBe(200);
  return refreshed.json<{ access_token: string; refresh_token: string }>();
}

describe('POST /auth/v1/recover', () => {
  it('answers 404 user_not_found for an unknown email, without mail', async () => {
    const email = uniqueEmail('unknown');
    const res = await recover(email);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'user_not_found', message: AUTH_MESSAGES.resetNoAccount } });
    expect(await mailbox(server.app, email)).toHaveLength(0);
  });

  it('mails a recovery link for a known email (any letter case)', async () => {
    const { email } = await signUpConfirmed(server.app);
    const res = await recover(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});

    const [mail] = await mailbox(server.app, email);
    expect(mail!.to).toBe(email);
    expect(mail!.subject).toMatch(/reset/i);
    const link = await latestLink(server.app, email, 'recovery');
    expect(link).toMatch(/^http:\/\/app\.test\/auth\/v1\/verify\?type=recovery&token=[\w%-]+$/);
  });

  it('answers 400 with the spec text for a blank email', async () => {
    const res = await recover('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.resetEmailMissing);
  });
});

describe('the recovery link and the password change', () => {
  it('opens a recovery session on /reset-password that may only change the password', async () => {
    const admin = await signUpConfirmed(server.app);
    await createLabel(server.app, admin.token);
    expect((await recover(admin.email)).statusCode).toBe(200);

    const opened = await openLink(server.app, (await latestLink(server.app, admin.email, 'recovery'))!);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('http://app.test/reset-password');
    const cookie = refreshCookieOf(opened)!;
    expect(cookie.httpOnly).toBe(true);

    const refreshed = await refreshWithCookie(server.app, cookie.value);
    expect(refreshed.statusCode).toBe(200);
    const recovery = refreshed.json();
    const claims = JSON.parse(Buffer.from(recovery.access_token.split('.')[1], 'base64url').toString());
    expect(claims.is_recovery).toBe(true);

    // A member of a label, yet the reset session is no way into the label's data.
    for (const url of ['/api/v1/organization', '/api/v1/reviewers']) {
      const res = await server.app.inject({ method: 'GET', url, headers: authHeader(recovery.access_token) });
      expect(res.statusCode).toBe(401);
    }
    expect((await getMe(server.app, admin.token)).statusCode).toBe(200);
  });

  it('changes the password with the recovery session and ends the other sessions', async () => {
    const { email, password, session: oldSession } = await signUpConfirmed(server.app);
    const recovery = await recoverySession(email);

    const newPassword = 'a-brand-new-password';
    const res = await putPassword(recovery.access_token, newPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, aud: 'authenticated' });

    expect((await signInRaw(server.app, email, newPassword)).statusCode).toBe(200);
    const old = await signInRaw(server.app, email, password);
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('invalid_credentials');

    // The session that existed before the reset is over, access and refresh alike.
    expect((await getMe(server.app, oldSession.access_token)).statusCode).toBe(401);
    const refreshed = await refreshRaw(server.app, oldSession.refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error.code).toBe('invalid_grant');

    // The reset session itself goes on, now as an ordinary one.
    const next = await refreshRaw(server.app, recovery.refresh_token);
    expect(next.statusCode).toBe(200);
    const orgRes = await server.app.inject({
      method: 'GET',
      url: '/api/v1/organization',
      headers: authHeader(next.json().access_token),
    });
    expect(orgRes.statusCode).toBe(403); // no label yet: refused as a non-member, no longer as a reset
  });

  it('refuses a too-short new password', async () => {
    const { email } = await signUpConfirmed(server.app);
    const recovery = await recoverySession(email);
    const res = await putPassword(recovery.access_token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(AUTH_MESSAGES.passwordTooShort);
  });

  it('confirms an unconfirmed account, since the reset link proves the address', async () => {
    const { email } = await signUp(server.app);
    const recovery = await recoverySession(email);
    expect((await putPassword(recovery.access_token, 'reset-password-1')).statusCode).toBe(200);
    const session = await signIn(server.app, email, 'reset-password-1');
    expect(session.user.email_confirmed_at).not.toBeNull();
  });

  it('refuses a recovery link that was already used', async () => {
    const { email } = await signUpConfirmed(server.app);
    await recover(email);
    const link = (await latestLink(server.app, email, 'recovery'))!;
    expect((await openLink(server.app, link)).headers.location).toBe('http://app.test/reset-password');
    const again = await openLink(server.app, link);
    expect(again.headers.location).toBe('http://app.test/?auth_error=link_invalid');
    expect(refreshCookieOf(again)).toBeUndefined();
  });
});
