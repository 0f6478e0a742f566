import { checkPasswordStrength, weakPasswordMessage } from '@music-review/core/password-strength';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  latestLink,
  mailbox,
  openLink,
  refreshCookieOf,
  refreshWithCookie,
  signInRaw,
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

const postSignup = (payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: '/auth/v1/signup', payload, remoteAddress: uniqueIp() });
const putPassword = (token: string, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: authHeader(token), payload });

const WEAK = ['12345678', 'password', '        ', 'aaaaaaaa', 'Password1!', 'iloveyou1'];

function expectWeak(res: { statusCode: number; json(): unknown }, password: string) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({
    error: { code: 'weak_password', message: weakPasswordMessage(checkPasswordStrength(password)) },
  });
}

describe('guessable passwords are refused', () => {
  it.each(WEAK)(
    'sign-up refuses %j with 422 weak_password saying why, and creates nothing',
    async (password) => {
      const email = uniqueEmail('weak');
      const res = await postSignup({ email, password, name: 'Weak Tester' });
      expectWeak(res, password);
      expect((res.json() as { error: { message: string } }).error.message).toMatch(/easy to guess/);
      expect(await mailbox(server.app, email)).toHaveLength(0);
    },
  );

  it('says a common password is common', async () => {
    const res = await postSignup({ email: uniqueEmail('common'), password: 'password', name: 'Common' });
    expect(res.json().error.message).toContain('This is a heavily used password.');
  });

  it('refuses a password made of the account’s own address', async () => {
    const email = uniqueEmail('ownaddress');
    const res = await postSignup({ email, password: email, name: 'Own Address' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('weak_password');
  });

  it('refuses a guessable new password on the password change, keeping the old one', async () => {
    const user = await signUpConfirmed(server.app);
    const res = await putPassword(user.token, { password: '12345678', current_password: user.password });
    expectWeak(res, '12345678');
    expect((await signInRaw(server.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a guessable password set through a reset link', async () => {
    const user = await signUpConfirmed(server.app);
    await server.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      payload: { email: user.email },
      remoteAddress: uniqueIp(),
    });
    const opened = await openLink(server.app, (await latestLink(server.app, user.email, 'recovery'))!);
    const recovery = (await refreshWithCookie(server.app, refreshCookieOf(opened)!.value)).json();
    expectWeak(await putPassword(recovery.access_token, { password: 'aaaaaaaa' }), 'aaaaaaaa');
    const strong = await putPassword(recovery.access_token, { password: 'quiet-lantern-harbor-62' });
    expect(strong.statusCode, strong.body).toBe(200);
  });

  it('still signs in an existing account whose password is weak (sign-in never judges strength)', async () => {
    const user = await signUpConfirmed(server.app);
    // An account from before the rule: its hash is of a password that would now be refused.
    const { hash } = await import('@node-rs/argon2');
    const { sql } = await import('drizzle-orm');
    await server.database.global.execute(
      sql`update users set password_hash = ${await hash('demo-password')} where id = ${user.user.id}`,
    );
    expect((await signInRaw(server.app, user.email, 'demo-password')).statusCode).toBe(200);
  });
});
