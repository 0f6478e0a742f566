import type { MfaChallengeDto, TotpEnrollmentDto } from '@music-review/core/mfa';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { adminWithLabel, type TestUser, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { sealPlainTotpSecrets } from './mfa.repo.ts';
import { totpCode } from './mfa.totp.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const storedSecret = async (factorId: string) =>
  (
    await queryRows<{ secret: string }>(
      server.database.global,
      sql`select secret from mfa_factors where id = ${factorId}`,
    )
  )[0]!.secret;

async function enroll(user: TestUser) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/auth/v1/factors',
    headers: user.headers,
    payload: { factor_type: 'totp' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TotpEnrollmentDto>();
}

/** Challenge and verify with a code computed from the secret, at the given 30 s step. */
async function verifyWith(user: TestUser, factorId: string, secret: string, step: number) {
  const challenge = await server.app.inject({
    method: 'POST',
    url: `/auth/v1/factors/${factorId}/challenge`,
    headers: user.headers,
    remoteAddress: uniqueIp(),
  });
  return server.app.inject({
    method: 'POST',
    url: `/auth/v1/factors/${factorId}/verify`,
    headers: user.headers,
    payload: { challenge_id: challenge.json<MfaChallengeDto>().id, code: totpCode(secret, step * 30_000) },
    remoteAddress: uniqueIp(),
  });
}

const nowStep = () => Math.floor(Date.now() / 30_000);

describe('TOTP secrets at rest', () => {
  it('stores an enrolled authenticator’s secret encrypted, and its codes still verify', async () => {
    const admin = await adminWithLabel(server.app);
    const enrollment = await enroll(admin);

    const stored = await storedSecret(enrollment.id);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(enrollment.totp.secret);
    expect(server.ctx.secrets.open(stored)).toBe(enrollment.totp.secret);
    // Another key (a database copy without this server's key) cannot read it.
    expect(() => createSecretBox(Buffer.alloc(32, 1)).open(stored)).toThrow();

    const res = await verifyWith(admin, enrollment.id, enrollment.totp.secret, nowStep());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('encrypts secrets stored in plain text before, at start, and they keep working', async () => {
    const admin = await adminWithLabel(server.app);
    const enrollment = await enroll(admin);
    const plain = enrollment.totp.secret;
    // A row as an older version wrote it.
    await server.database.global.execute(
      sql`update mfa_factors set secret = ${plain} where id = ${enrollment.id}`,
    );

    // Read as is until sealed (a copy still running the old version may write one meanwhile).
    expect((await verifyWith(admin, enrollment.id, plain, nowStep())).statusCode).toBe(200);

    const sealed = await sealPlainTotpSecrets(server.database.global, server.ctx.secrets);
    expect(sealed).toBeGreaterThanOrEqual(1);
    const stored = await storedSecret(enrollment.id);
    expect(stored).toMatch(/^enc:v1:/);
    expect(server.ctx.secrets.open(stored)).toBe(plain);
    // Running it again changes nothing.
    expect(await sealPlainTotpSecrets(server.database.global, server.ctx.secrets)).toBe(0);
    expect(await storedSecret(enrollment.id)).toBe(stored);

    // The next step's code verifies against the now encrypted secret (this session is aal2 already).
    const next = await verifyWith(admin, enrollment.id, plain, nowStep() + 1);
    expect(next.statusCode, next.body).toBe(200);
  });
});
