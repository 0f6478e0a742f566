import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, authHeader, signUpConfirmed, uniqueIp } from '../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { queryRows } from './db/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: uniqueIp() });

describe('the boundary rule for control characters', () => {
  it('answers 400 naming the field for a NUL byte in an unauthenticated body (recover, resend)', async () => {
    const { email } = await signUpConfirmed(server.app);
    const recover = await post('/auth/v1/recover', { email: `${email}\u0000` });
    expect(recover.statusCode).toBe(400);
    expect(recover.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'email: contains a control character (U+0000), which is not allowed',
      },
    });
    const resend = await post('/auth/v1/resend', { type: 'signup', email: `a\u0000${email}` });
    expect(resend.statusCode).toBe(400);
    expect(resend.json().error.message).toBe(
      'email: contains a control character (U+0000), which is not allowed',
    );
  });

  it('names nested fields and query parameters, and refuses other C0 controls and DEL', async () => {
    const admin = await adminWithLabel(server.app);
    const profile = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: admin.headers,
      payload: { name: 'Dana\u001b[31m' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error).toEqual({
      code: 'validation_failed',
      message: 'name: contains a control character (U+001B), which is not allowed',
    });
    const del = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: admin.headers,
      payload: { name: 'Dana\u007f' },
    });
    expect(del.json().error.message).toBe(
      'name: contains a control character (U+007F), which is not allowed',
    );
    const search = await server.app.inject({
      method: 'GET',
      url: '/api/v1/search?q=abc%00def',
      headers: admin.headers,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().error.message).toBe(
      'q: contains a control character (U+0000), which is not allowed',
    );
  });

  it('keeps tabs, line feeds and carriage returns in text', async () => {
    const admin = await adminWithLabel(server.app);
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: admin.headers,
      payload: { name: 'Dana\tAdmin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Dana\tAdmin');
  });

  it('refuses a body nested deeper than 32 levels with a readable 400', async () => {
    const admin = await adminWithLabel(server.app);
    let deep: unknown = 'x';
    for (let i = 0; i < 1000; i++) deep = { a: deep };
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: { ...authHeader(admin.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Dana', extra: deep }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: 'The request is nested too deeply (more than 32 levels)',
    });
  });

  it('never lets a NUL reach the database: nothing is stored', async () => {
    const admin = await adminWithLabel(server.app);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: admin.headers,
      payload: { kind: 'bug', message: 'broken\u0001page' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'message: contains a control character (U+0001), which is not allowed',
    );
    const kept = await server.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: admin.headers,
      payload: { kind: 'bug', message: 'line one\r\nline two' },
    });
    expect(kept.statusCode).toBe(201);
    const rows = await queryRows<{ message: string }>(
      server.database.global,
      sql`select message from feedback where organization_id = ${admin.organization.id}`,
    );
    expect(rows.map((r) => r.message)).toEqual(['line one\r\nline two']);
  });
});
