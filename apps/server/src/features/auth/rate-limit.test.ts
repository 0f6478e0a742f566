import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  latestLink,
  openLink,
  refreshCookieOf,
  signInRaw,
  signUp,
  signUpConfirmed,
  uniqueEmail,
  uniqueIp,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

const SIGNIN_FREE_FAILURES = 3;
const SIGNIN_MAX_DELAY_SECONDS = 8;
const SIGNIN_PER_IP = 4;
const SIGNUP_PER_IP = 2;
const RECOVER_PER_IP = 2;
const VERIFY_PER_IP = 2;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    RATE_LIMIT_SIGNIN_PER_IP: String(SIGNIN_PER_IP),
    RATE_LIMIT_SIGNUP_PER_IP: String(SIGNUP_PER_IP),
    RATE_LIMIT_RECOVER_PER_IP: String(RECOVER_PER_IP),
    RATE_LIMIT_VERIFY_PER_IP: String(VERIFY_PER_IP),
    // A window far longer than the run, so no test straddles a window boundary.
    RATE_LIMIT_WINDOW_SECONDS: String(365 * 86_400),
  });
});
afterAll(async () => {
  await server?.close();
});

function expectRateLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in throttling per account and address', () => {
  // Its own server: the per-address limit is left at its default, far above these tests' failures.
  let throttled: TestServer;
  beforeAll(async () => {
    throttled = await createTestServer({
      RATE_LIMIT_SIGNIN_FREE_FAILURES: String(SIGNIN_FREE_FAILURES),
      RATE_LIMIT_SIGNIN_MAX_DELAY_SECONDS: String(SIGNIN_MAX_DELAY_SECONDS),
    });
  });
  afterAll(async () => {
    await throttled?.close();
  });

  it('slows guesses from one address at one account, yet the owner signs in from another address', async () => {
    const victim = await signUpConfirmed(throttled.app);
    const attacker = uniqueIp();

    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        (await signInRaw(throttled.app, victim.email, `wrong-password-${i}`, attacker)).statusCode,
      );
    }
    // The first few are judged; after them each guess must wait (1 s, 2 s, 4 s ...) and is refused
    // unjudged meanwhile. (On a slow machine a wait may pass between two requests: then that one is
    // judged again, which only makes the next wait longer.)
    expect(answers.slice(0, SIGNIN_FREE_FAILURES)).toEqual(Array(SIGNIN_FREE_FAILURES).fill(400));
    const later = answers.slice(SIGNIN_FREE_FAILURES);
    expect(later.filter((status) => status !== 400 && status !== 429)).toEqual([]);
    expect(later.filter((status) => status === 429).length).toBeGreaterThanOrEqual(later.length - 3);
    // Even the right password waits at that address.
    expectRateLimited(await signInRaw(throttled.app, victim.email, victim.password, attacker));

    // The owner, from anywhere else, with the right password: in at once.
    expect((await signInRaw(throttled.app, victim.email, victim.password, uniqueIp())).statusCode).toBe(200);
    expect(
      (await signInRaw(throttled.app, victim.email.toUpperCase(), victim.password, uniqueIp())).statusCode,
    ).toBe(200);
  });

  it('doubles the wait after each further failure, up to the cap', async () => {
    const user = await signUpConfirmed(throttled.app);
    const ip = uniqueIp();
    // Pretends the wait has passed, without sleeping: moves this pair's failures back in time.
    const waitOut = () =>
      throttled.database.global.execute(
        sql`update rate_limit_buckets set window_start = window_start - interval '1 hour'
            where key like 'signin:pair:%' and key like ${`%${ip}`}`,
      );
    for (let i = 0; i < SIGNIN_FREE_FAILURES; i++) {
      expect((await signInRaw(throttled.app, user.email, 'wrong-password-x', ip)).statusCode).toBe(400);
    }
    const waits = [];
    for (let i = 0; i < 5; i++) {
      waits.push(
        Number((await signInRaw(throttled.app, user.email, 'wrong-password-x', ip)).headers['retry-after']),
      );
      await waitOut();
      // Once waited out, the next guess is judged again (and fails).
      expect((await signInRaw(throttled.app, user.email, 'wrong-password-x', ip)).statusCode).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
  });

  it('clears the failures of an address at an account when the right password comes from there', async () => {
    const user = await signUpConfirmed(throttled.app);
    const ip = uniqueIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SIGNIN_FREE_FAILURES; i++) {
        expect((await signInRaw(throttled.app, user.email, 'wrong-password-x', ip)).statusCode).toBe(400);
      }
      await throttled.database.global.execute(
        sql`update rate_limit_buckets set window_start = window_start - interval '1 hour' where key like ${`%${ip}`}`,
      );
      expect((await signInRaw(throttled.app, user.email, user.password, ip)).statusCode).toBe(200);
    }
  });
});

describe('sign-in limits per address', () => {
  it('limits failed sign-ins per address across different accounts; a success does not reset it', async () => {
    const ip = uniqueIp();
    const accounts = [];
    for (let i = 0; i < 3; i++) accounts.push(await signUpConfirmed(server.app));
    const [a, b, c] = accounts as [(typeof accounts)[0], (typeof accounts)[0], (typeof accounts)[0]];

    // Failures on different accounts, one each, so no account limit is near.
    expect((await signInRaw(server.app, uniqueEmail('guess'), 'guess-password', ip)).statusCode).toBe(400);
    expect((await signInRaw(server.app, a.email, 'wrong-password-a', ip)).statusCode).toBe(400);
    // Someone at the same address signs in correctly...
    expect((await signInRaw(server.app, b.email, b.password, ip)).statusCode).toBe(200);
    // ...which does not give the address its failures back.
    expect((await signInRaw(server.app, uniqueEmail('guess'), 'guess-password', ip)).statusCode).toBe(400);
    expect((await signInRaw(server.app, c.email, 'wrong-password-c', ip)).statusCode).toBe(400);

    expectRateLimited(await signInRaw(server.app, b.email, b.password, ip));
    expectRateLimited(await signInRaw(server.app, uniqueEmail('guess'), 'guess-password', ip));
    // The same accounts still sign in from another address.
    expect((await signInRaw(server.app, b.email, b.password, uniqueIp())).statusCode).toBe(200);
    expect((await signInRaw(server.app, c.email, c.password, uniqueIp())).statusCode).toBe(200);
  });
});

describe('sign-up, recover and verify limits', () => {
  it('limits sign-ups per address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < SIGNUP_PER_IP; i++) await signUp(server.app, { remoteAddress: ip });

    const email = uniqueEmail('blocked');
    const blocked = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email, password: DEFAULT_PASSWORD, name: 'Blocked' },
      remoteAddress: ip,
    });
    expectRateLimited(blocked);
    // Nothing was created: the same email signs up from elsewhere.
    await signUp(server.app, { email, remoteAddress: uniqueIp() });
  });

  it('limits password-reset requests per address, known emails or not', async () => {
    const ip = uniqueIp();
    const user = await signUpConfirmed(server.app);
    const recover = (email: string, remoteAddress: string) =>
      server.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email }, remoteAddress });

    expect((await recover(uniqueEmail('none'), ip)).statusCode).toBe(404);
    expect((await recover(user.email, ip)).statusCode).toBe(200);
    expectRateLimited(await recover(user.email, ip));
    expect((await recover(user.email, uniqueIp())).statusCode).toBe(200);
  });

  it('limits opening emailed links per address, without using up the link', async () => {
    const ip = uniqueIp();
    const { email } = await signUp(server.app);
    const link = (await latestLink(server.app, email))!;

    for (let i = 0; i < VERIFY_PER_IP; i++) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/auth/v1/verify?type=signup&token=guess-${i}`,
        remoteAddress: ip,
      });
      expect(res.headers.location).toBe('http://app.test/?auth_error=link_invalid');
    }
    const blocked = await openLink(server.app, link, ip);
    expect(blocked.statusCode).toBe(302);
    expect(blocked.headers.location).toBe('http://app.test/?auth_error=rate_limited');
    expect(refreshCookieOf(blocked)).toBeUndefined();

    const elsewhere = await openLink(server.app, link, uniqueIp());
    expect(elsewhere.headers.location).toBe('http://app.test/');
    expect(refreshCookieOf(elsewhere)).toBeDefined();
  });
});
