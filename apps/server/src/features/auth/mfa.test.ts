import { MFA_MESSAGES, type MfaChallengeDto, type TotpEnrollmentDto } from '@music-review/core/mfa';
import { REALTIME_CLOSE } from '@music-review/core/realtime';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../platform/http.ts';
import { listenForSockets, TestSocket } from '../../platform/realtime/socket-test-utils.ts';
import {
  adminWithLabel,
  authHeader,
  getMe,
  mailbox,
  refreshCookieOf,
  refreshRaw,
  signIn,
  signUpConfirmed,
  uniqueIp,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { totpCode } from './mfa.totp.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Headers = { authorization: string };
const aalOf = (token: string) => decodeJwt(token).aal;

/**
 * A code for a step later than the last one used (a code works once), computed from the secret
 * like an authenticator app; one step ahead of now is inside the server's window.
 */
function freshCode(secret: string, lastStep: number | null = null) {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (lastStep ?? -1) + 1);
  if (step > now + 1) throw new Error('no unused code inside the window yet');
  return { code: totpCode(secret, step * 30_000), step };
}

function enrollRaw(app: App, headers: Headers, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/auth/v1/factors', headers, payload });
}

async function enrollTotp(app: App, headers: Headers, friendlyName?: string) {
  const res = await enrollRaw(app, headers, {
    factor_type: 'totp',
    ...(friendlyName ? { friendly_name: friendlyName } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TotpEnrollmentDto>();
}

function challengeRaw(app: App, headers: Headers, factorId: string, remoteAddress = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: `/auth/v1/factors/${factorId}/challenge`,
    headers,
    remoteAddress,
  });
}

async function challenge(app: App, headers: Headers, factorId: string) {
  const res = await challengeRaw(app, headers, factorId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MfaChallengeDto>();
}

function verifyRaw(
  app: App,
  headers: Headers,
  factorId: string,
  body: { challenge_id: string; code: string },
  remoteAddress = uniqueIp(),
) {
  return app.inject({
    method: 'POST',
    url: `/auth/v1/factors/${factorId}/verify`,
    headers,
    payload: body,
    remoteAddress,
  });
}

/** Challenge and verify in one go; expects success and returns the new session. */
async function passCodeStep(app: App, headers: Headers, factorId: string, code: string) {
  const { id } = await challenge(app, headers, factorId);
  const res = await verifyRaw(app, headers, factorId, { challenge_id: id, code });
  expect(res.statusCode, res.body).toBe(200);
  return {
    res,
    session: res.json<{ access_token: string; refresh_token: string; user: { factors: unknown[] } }>(),
  };
}

/** A label admin with a verified TOTP factor; `session` is the aal2 session the enrollment gave. */
async function adminWithTotp(app: App) {
  const admin = await adminWithLabel(app);
  const enrollment = await enrollTotp(app, admin.headers);
  const first = freshCode(enrollment.totp.secret);
  const { session } = await passCodeStep(app, admin.headers, enrollment.id, first.code);
  return { ...admin, enrollment, secret: enrollment.totp.secret, lastStep: first.step, session };
}

describe('enrolling a TOTP factor', () => {
  it('answers the QR code, the secret and the URI, and lists the factor as unverified', async () => {
    const user = await signUpConfirmed(server.app);
    const enrollment = await enrollTotp(server.app, user.headers, 'Work phone');

    expect(enrollment).toEqual({
      id: expect.any(String),
      type: 'totp',
      friendly_name: 'Work phone',
      totp: { qr_code: expect.any(String), secret: expect.any(String), uri: expect.any(String) },
    });
    expect(enrollment.totp.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(enrollment.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrollment.totp.uri).toContain(`secret=${enrollment.totp.secret}`);
    expect(enrollment.totp.uri).toContain(encodeURIComponent(user.email));

    const res = await server.app.inject({ method: 'GET', url: '/auth/v1/user', headers: user.headers });
    expect(res.json().factors).toEqual([
      expect.objectContaining({
        id: enrollment.id,
        factor_type: 'totp',
        status: 'unverified',
        friendly_name: 'Work phone',
      }),
    ]);
    // An unverified factor asks nothing of the account yet.
    expect((await getMe(server.app, user.token)).statusCode).toBe(200);
  });

  it('names the factor when no name is given, and refuses a bad body with a clear message', async () => {
    const user = await signUpConfirmed(server.app);
    expect((await enrollTotp(server.app, user.headers)).friendly_name).toBe('Authenticator app');

    const bad = await enrollRaw(server.app, user.headers, { factor_type: 'email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({
      code: 'validation_failed',
      message: 'factor_type must be totp or phone',
      fields: { factor_type: 'factor_type must be totp or phone' },
    });

    const long = await enrollRaw(server.app, user.headers, {
      factor_type: 'totp',
      friendly_name: 'x'.repeat(61),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(MFA_MESSAGES.friendlyNameTooLong);
  });

  it('needs a session', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/factors',
      payload: { factor_type: 'totp' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('verifying a TOTP factor', () => {
  it('verifies the factor with a code computed from the secret and answers an aal2 session', async () => {
    const user = await signUpConfirmed(server.app);
    const enrollment = await enrollTotp(server.app, user.headers);
    expect(aalOf(user.token)).toBe('aal1');

    const before = Math.floor(Date.now() / 1000);
    const ch = await challenge(server.app, user.headers, enrollment.id);
    expect(ch).toEqual({ id: expect.any(String), type: 'totp', expires_at: expect.any(Number) });
    expect(ch.expires_at).toBeGreaterThanOrEqual(before + 299);
    expect(ch.expires_at).toBeLessThanOrEqual(before + 301);

    const res = await verifyRaw(server.app, user.headers, enrollment.id, {
      challenge_id: ch.id,
      code: freshCode(enrollment.totp.secret).code,
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json();
    // The token endpoint's shape.
    expect(Object.keys(session).sort()).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(aalOf(session.access_token)).toBe('aal2');
    expect(session.user.factors).toEqual([
      expect.objectContaining({ id: enrollment.id, factor_type: 'totp', status: 'verified' }),
    ]);
    expect(refreshCookieOf(res)?.value).toBe(session.refresh_token);
    expect((await getMe(server.app, session.access_token)).statusCode).toBe(200);
  });

  it('refuses a wrong code, and a challenge used once or expired', async () => {
    const user = await signUpConfirmed(server.app);
    const enrollment = await enrollTotp(server.app, user.headers);
    const ch = await challenge(server.app, user.headers, enrollment.id);
    const good = freshCode(enrollment.totp.secret).code;
    const wrong = good === '000000' ? '111111' : '000000';

    const res = await verifyRaw(server.app, user.headers, enrollment.id, {
      challenge_id: ch.id,
      code: wrong,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'mfa_verification_failed', message: MFA_MESSAGES.codeWrong });

    const malformed = await verifyRaw(server.app, user.headers, enrollment.id, {
      challenge_id: ch.id,
      code: '12ab',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(MFA_MESSAGES.codeFormat);

    const ok = await verifyRaw(server.app, user.headers, enrollment.id, { challenge_id: ch.id, code: good });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await verifyRaw(server.app, user.headers, enrollment.id, {
      challenge_id: ch.id,
      code: good,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('mfa_challenge_expired');

    const aal2 = authHeader(ok.json().access_token);
    const late = await challenge(server.app, aal2, enrollment.id);
    await server.database.global.execute(
      sql`update mfa_challenges set expires_at = now() - interval '1 second' where id = ${late.id}`,
    );
    const expired = await verifyRaw(server.app, aal2, enrollment.id, { challenge_id: late.id, code: good });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error).toEqual({
      code: 'mfa_challenge_expired',
      message: MFA_MESSAGES.challengeExpired,
    });
  });

  it('refuses a replayed code, and takes the next one', async () => {
    const admin = await adminWithTotp(server.app);
    const signedIn = await signIn(server.app, admin.email);
    const headers = authHeader(signedIn.access_token);

    // The code the enrollment used, on a new challenge: refused.
    const { id } = await challenge(server.app, headers, admin.enrollment.id);
    const replay = await verifyRaw(server.app, headers, admin.enrollment.id, {
      challenge_id: id,
      code: totpCode(admin.secret, admin.lastStep * 30_000),
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error).toEqual({ code: 'mfa_verification_failed', message: MFA_MESSAGES.codeUsed });

    const next = freshCode(admin.secret, admin.lastStep);
    const { session } = await passCodeStep(server.app, headers, admin.enrollment.id, next.code);
    expect(aalOf(session.access_token)).toBe('aal2');
  });
});

describe('aal2 enforcement', () => {
  it('answers 403 mfa_required to an aal1 session of an account with a verified factor, except on /auth', async () => {
    const admin = await adminWithTotp(server.app);
    // The token from before the factor was verified is aal1: it lost the API at once.
    const beforeRes = await getMe(server.app, admin.token);
    expect(beforeRes.statusCode).toBe(403);

    const signedIn = await signIn(server.app, admin.email);
    expect(aalOf(signedIn.access_token)).toBe('aal1');
    expect(signedIn.user.factors).toEqual([expect.objectContaining({ status: 'verified' })]);
    const headers = authHeader(signedIn.access_token);

    const me = await getMe(server.app, signedIn.access_token);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ error: { code: 'mfa_required', message: MFA_MESSAGES.mfaRequired } });
    for (const [method, url, payload] of [
      ['GET', '/api/v1/organization', undefined],
      ['GET', '/api/v1/review-dashboard', undefined],
      ['POST', '/api/v1/organizations', { name: 'Second Label' }],
      ['POST', '/functions/v1/get-signed-url', { fileKey: `${admin.organization.id}/audio/x/y.mp3` }],
    ] as const) {
      const res = await server.app.inject({ method, url, headers, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code, `${method} ${url}`).toBe('mfa_required');
    }

    // /auth still answers: the account, and the code step itself.
    const user = await server.app.inject({ method: 'GET', url: '/auth/v1/user', headers });
    expect(user.statusCode).toBe(200);
    // Changing the password is not a way around the code step.
    const password = await server.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers,
      payload: { password: 'a-new-password-1', current_password: admin.password },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().error.code).toBe('mfa_required');
    const next = freshCode(admin.secret, admin.lastStep);
    const { session } = await passCodeStep(server.app, headers, admin.enrollment.id, next.code);
    expect((await getMe(server.app, session.access_token)).statusCode).toBe(200);
  });

  it('lets an aal1 session sign out from the code step', async () => {
    const admin = await adminWithTotp(server.app);
    const signedIn = await signIn(server.app, admin.email);
    const res = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: authHeader(signedIn.access_token),
    });
    expect(res.statusCode).toBe(204);
    const after = await server.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: authHeader(signedIn.access_token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('keeps aal2 across a refresh, and spends the refresh token handed out at aal1', async () => {
    const admin = await adminWithTotp(server.app);
    const signedIn = await signIn(server.app, admin.email);
    const next = freshCode(admin.secret, admin.lastStep);
    const { session } = await passCodeStep(
      server.app,
      authHeader(signedIn.access_token),
      admin.enrollment.id,
      next.code,
    );

    const refreshed = await refreshRaw(server.app, session.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(aalOf(refreshed.json().access_token)).toBe('aal2');
    expect((await getMe(server.app, refreshed.json().access_token)).statusCode).toBe(200);

    // The aal1 refresh token cannot be traded for the stronger session.
    const stale = await refreshRaw(server.app, signedIn.refresh_token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('invalid_grant');
  });

  it('refuses the realtime socket to an aal1 token and accepts the aal2 one', async () => {
    const own = await createTestServer({}, server.database);
    try {
      const url = await listenForSockets(own.app);
      const admin = await adminWithTotp(own.app);
      const signedIn = await signIn(own.app, admin.email);

      const refused = await TestSocket.open(url);
      refused.send({ type: 'auth', token: signedIn.access_token });
      const error = await refused.waitForType('error');
      expect(error.code).toBe('mfa_required');
      expect((await refused.closed).code).toBe(REALTIME_CLOSE.forbidden);

      const accepted = await TestSocket.open(url);
      const ok = await accepted.authenticate(admin.session.access_token);
      expect(ok.reviewer_id).toBe(admin.reviewer.id);
      accepted.close();
    } finally {
      await own.close();
    }
  });

  it("closes an open socket of another aal1 session once a factor is verified, not the verifying session's", async () => {
    const own = await createTestServer({}, server.database);
    try {
      const url = await listenForSockets(own.app);
      const admin = await adminWithLabel(own.app);
      const other = await signIn(own.app, admin.email);
      const verifying = await TestSocket.open(url);
      await verifying.authenticate(admin.token);
      const elsewhere = await TestSocket.open(url);
      await elsewhere.authenticate(other.access_token);
      // Short heartbeats, yet long enough for a loaded machine's pong to come back in time.
      own.app.realtime.configure({ heartbeatMs: 300 });

      const enrollment = await enrollTotp(own.app, admin.headers);
      await passCodeStep(own.app, admin.headers, enrollment.id, freshCode(enrollment.totp.secret).code);

      expect((await elsewhere.waitForType('error')).code).toBe('mfa_required');
      expect((await elsewhere.closed).code).toBe(REALTIME_CLOSE.forbidden);
      // A few more heartbeats: the session that passed the code step keeps its socket.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(verifying.received.filter((m) => m.type === 'error')).toEqual([]);
      verifying.close();
    } finally {
      await own.close();
    }
  });

  it('asks an aal2 session to add or verify another factor, and refuses an aal1 one', async () => {
    const admin = await adminWithTotp(server.app);
    const signedIn = await signIn(server.app, admin.email);
    const aal1 = authHeader(signedIn.access_token);

    const enroll = await enrollRaw(server.app, aal1, { factor_type: 'totp' });
    expect(enroll.statusCode).toBe(403);
    expect(enroll.json().error).toEqual({ code: 'insufficient_aal', message: MFA_MESSAGES.insufficientAal });

    const aal2 = authHeader(admin.session.access_token);
    const second = await enrollTotp(server.app, aal2, 'Backup app');
    // An aal1 session may not verify it either (that would skip the existing factor).
    const { id } = await challenge(server.app, aal1, second.id);
    const res = await verifyRaw(server.app, aal1, second.id, {
      challenge_id: id,
      code: freshCode(second.totp.secret).code,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('insufficient_aal');
  });
});

describe('rate limits on wrong codes', () => {
  it('refuses a factor once its wrong codes are spent, even the right code, with Retry-After', async () => {
    const user = await signUpConfirmed(server.app);
    const enrollment = await enrollTotp(server.app, user.headers);
    const good = freshCode(enrollment.totp.secret).code;
    const wrong = good === '000000' ? '111111' : '000000';
    // Every try from a new address: the factor's own budget is what runs out (5 by default).
    for (let i = 0; i < 5; i++) {
      const { id } = await challenge(server.app, user.headers, enrollment.id);
      const res = await verifyRaw(server.app, user.headers, enrollment.id, { challenge_id: id, code: wrong });
      expect(res.statusCode).toBe(422);
    }
    const { id } = await challenge(server.app, user.headers, enrollment.id);
    const refused = await verifyRaw(server.app, user.headers, enrollment.id, {
      challenge_id: id,
      code: good,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an address once its wrong codes are spent, across factors and accounts', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MFA_PER_IP: '3' }, server.database);
    try {
      const ip = uniqueIp();
      const first = await signUpConfirmed(limited.app);
      const a = await enrollTotp(limited.app, first.headers);
      const wrong = (secret: string) => (freshCode(secret).code === '000000' ? '111111' : '000000');
      for (let i = 0; i < 3; i++) {
        const { id } = await challenge(limited.app, first.headers, a.id);
        const res = await verifyRaw(
          limited.app,
          first.headers,
          a.id,
          { challenge_id: id, code: wrong(a.totp.secret) },
          ip,
        );
        expect(res.statusCode).toBe(422);
      }
      const second = await signUpConfirmed(limited.app);
      const b = await enrollTotp(limited.app, second.headers);
      const { id } = await challenge(limited.app, second.headers, b.id);
      const code = freshCode(b.totp.secret).code;
      const refused = await verifyRaw(limited.app, second.headers, b.id, { challenge_id: id, code }, ip);
      expect(refused.statusCode).toBe(429);
      // Another address is not affected.
      const ok = await verifyRaw(limited.app, second.headers, b.id, { challenge_id: id, code });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('uses up a challenge after five wrong codes', async () => {
    const limited = await createTestServer({ RATE_LIMIT_MFA_PER_FACTOR: '100' }, server.database);
    try {
      const user = await signUpConfirmed(limited.app);
      const enrollment = await enrollTotp(limited.app, user.headers);
      const { id } = await challenge(limited.app, user.headers, enrollment.id);
      const good = freshCode(enrollment.totp.secret).code;
      const wrong = good === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await verifyRaw(limited.app, user.headers, enrollment.id, {
          challenge_id: id,
          code: wrong,
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().error.code).toBe('mfa_verification_failed');
      }
      const res = await verifyRaw(limited.app, user.headers, enrollment.id, { challenge_id: id, code: good });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('mfa_challenge_expired');
    } finally {
      await limited.close();
    }
  });
});

describe('unenrolling', () => {
  it('needs aal2 while the account has a verified factor; afterwards aal1 sessions work again', async () => {
    const admin = await adminWithTotp(server.app);
    const signedIn = await signIn(server.app, admin.email);
    const url = `/auth/v1/factors/${admin.enrollment.id}`;

    const refused = await server.app.inject({
      method: 'DELETE',
      url,
      headers: authHeader(signedIn.access_token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('insufficient_aal');

    const res = await server.app.inject({
      method: 'DELETE',
      url,
      headers: authHeader(admin.session.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: admin.enrollment.id });

    const user = await server.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: authHeader(admin.session.access_token),
    });
    expect(user.json().factors).toEqual([]);
    expect((await getMe(server.app, signedIn.access_token)).statusCode).toBe(200);
    const gone = await server.app.inject({
      method: 'DELETE',
      url,
      headers: authHeader(admin.session.access_token),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('lets an aal1 session remove an unverified factor when none is verified', async () => {
    const user = await signUpConfirmed(server.app);
    const enrollment = await enrollTotp(server.app, user.headers);
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/auth/v1/factors/${enrollment.id}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("another account's factors", () => {
  it('answer 404 like factors that do not exist', async () => {
    const owner = await adminWithTotp(server.app);
    const other = await adminWithLabel(server.app);
    const otherHeaders = other.headers;
    const factorId = owner.enrollment.id;
    const ownChallenge = await challenge(server.app, authHeader(owner.session.access_token), factorId);

    const attempts = [
      await challengeRaw(server.app, otherHeaders, factorId),
      await verifyRaw(server.app, otherHeaders, factorId, {
        challenge_id: ownChallenge.id,
        code: freshCode(owner.secret, owner.lastStep).code,
      }),
      await server.app.inject({
        method: 'DELETE',
        url: `/auth/v1/factors/${factorId}`,
        headers: otherHeaders,
      }),
      await challengeRaw(server.app, otherHeaders, 'not-a-uuid'),
      await challengeRaw(server.app, otherHeaders, '00000000-0000-4000-8000-000000000000'),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // The owner's factor is untouched.
    const user = await server.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: authHeader(owner.session.access_token),
    });
    expect(user.json().factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);

    // A challenge of one's own factor does not answer for someone else's.
    const otherFactor = await enrollTotp(server.app, otherHeaders);
    const crossed = await verifyRaw(server.app, otherHeaders, otherFactor.id, {
      challenge_id: ownChallenge.id,
      code: freshCode(otherFactor.totp.secret).code,
    });
    expect(crossed.statusCode).toBe(404);
  });
});

describe('phone factors', () => {
  it('validates the number', async () => {
    const user = await signUpConfirmed(server.app);
    const missing = await enrollRaw(server.app, user.headers, { factor_type: 'phone' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(MFA_MESSAGES.phoneMissing);
    const bad = await enrollRaw(server.app, user.headers, { factor_type: 'phone', phone: '0207 946 0958' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MFA_MESSAGES.phoneInvalid);
  });

  it('texts a single-use code to the dev mailbox and verifies with it', async () => {
    const user = await signUpConfirmed(server.app);
    const phone = `+4420${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const res = await enrollRaw(server.app, user.headers, {
      factor_type: 'phone',
      phone: `${phone.slice(0, 3)} ${phone.slice(3, 5)} ${phone.slice(5)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const factor = res.json();
    expect(factor).toEqual({
      id: expect.any(String),
      type: 'phone',
      friendly_name: `Phone •••• ${phone.slice(-4)}`,
      phone,
    });
    // Enrolling sends nothing; the challenge does.
    expect(await mailbox(server.app, phone)).toEqual([]);

    const ch = await challenge(server.app, user.headers, factor.id);
    expect(ch.type).toBe('phone');
    const texts = await mailbox(server.app, phone);
    expect(texts).toHaveLength(1);
    const code = texts[0]!.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();

    const wrong = await verifyRaw(server.app, user.headers, factor.id, {
      challenge_id: ch.id,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await verifyRaw(server.app, user.headers, factor.id, { challenge_id: ch.id, code: code! });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(aalOf(ok.json().access_token)).toBe('aal2');
    expect(ok.json().user.factors).toEqual([
      expect.objectContaining({ factor_type: 'phone', status: 'verified' }),
    ]);

    const reused = await verifyRaw(server.app, authHeader(ok.json().access_token), factor.id, {
      challenge_id: ch.id,
      code: code!,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('mfa_challenge_expired');
  });
});
