import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createContext } from '../context.ts';
import { adminWithLabel, signUpConfirmed, uniqueIp } from '../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import type { App } from './http.ts';
import { sanitizeError } from './logging.ts';

// The real app with its real logger at level info, its output kept in memory.
let server: TestServer;
let logged: App;
const lines: string[] = [];
beforeAll(async () => {
  server = await createTestServer();
  const ctx = await createContext({ ...server.ctx.config, LOG_LEVEL: 'info' }, server.database);
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  logged = await buildApp(ctx, { serveWeb: false, logStream: stream });
  await logged.ready();
});
afterAll(async () => {
  await logged?.close();
  await server?.close();
});

describe('what the logs keep', () => {
  it('never writes a password, token, request body or SQL parameter, even when a request fails with a 500', async () => {
    const user = await signUpConfirmed(server.app, { password: 'Secret-Password-4711' });
    const admin = await adminWithLabel(server.app);
    lines.length = 0;
    // Every statement on rate_limit_buckets now fails: sign-in and search answer 500.
    await server.database.global.execute(
      sql`alter table rate_limit_buckets rename to rate_limit_buckets_gone`,
    );
    try {
      const signIn = await logged.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: user.email, password: 'Secret-Password-4711' },
        remoteAddress: uniqueIp(),
      });
      expect(signIn.statusCode).toBe(500);
      const refresh = await logged.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: 'refresh-secret-0123456789' },
        cookies: { mr_refresh: 'cookie-secret-0123456789' },
        remoteAddress: uniqueIp(),
      });
      expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await server.database.global.execute(
        sql`alter table rate_limit_buckets_gone rename to rate_limit_buckets`,
      );
    }
    await logged.inject({
      method: 'GET',
      url: '/auth/v1/verify?type=recovery&token=emailed-secret-0123456789',
      remoteAddress: uniqueIp(),
    });
    await logged.inject({
      method: 'GET',
      url: '/api/v1/public/metadata-forms/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ABCDE',
      remoteAddress: uniqueIp(),
    });
    await logged.inject({ method: 'GET', url: '/api/v1/me', headers: admin.headers });

    const text = lines.join('');
    expect(text).toContain('unhandled error');
    expect(text).toContain('Failed query');
    for (const secret of [
      'Secret-Password-4711',
      user.email,
      'refresh-secret-0123456789',
      'cookie-secret-0123456789',
      'emailed-secret-0123456789',
      'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ABCDE',
      admin.token,
      'params:',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps what a developer needs of a database error: the statement, its code, not its values', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "hunter2"'), {
      code: '22P02',
    });
    const err = Object.assign(new Error('Failed query: select * from users where id = $1\nparams: hunter2'), {
      query: 'select * from users where id = $1',
      params: ['hunter2'],
      cause,
    });
    const out = JSON.stringify(sanitizeError(err));
    expect(out).toContain('select * from users where id = $1');
    expect(out).toContain('22P02');
    expect(out).not.toContain('hunter2');
  });
});
