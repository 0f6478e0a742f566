import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

describe('what clients see when a request is wrong', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a schema message written for users goes out exactly, without a field prefix', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      remoteAddress: uniqueIp(),
      payload: { email: uniqueEmail(), password: 'short', name: 'Ann' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Password must be at least 8 characters',
        fields: { password: 'Password must be at least 8 characters' },
      },
    });
  });

  it("zod's own messages name the field they are about", async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      remoteAddress: uniqueIp(),
      payload: { email: uniqueEmail(), password: 'long-enough-1', name: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^name: /);
  });

  it('a protected route answers 401 before it looks at a malformed body or id', async () => {
    const create = await server.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      payload: { nope: 1 },
    });
    expect(create.statusCode).toBe(401);
    expect(create.json().error.code).toBe('unauthorized');
    const member = await server.app.inject({ method: 'GET', url: '/api/v1/reviewers/not-a-uuid' });
    expect(member.statusCode).toBe(401);
  });

  it('unknown API paths answer 404 in the error shape', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/v1/signup',
        '/auth/v1/token',
        '/api/v1/me',
        '/api/v1/organizations/join',
      ]),
    );
    expect(doc.paths['/auth/v1/signup'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'name']),
    );
  });
});
