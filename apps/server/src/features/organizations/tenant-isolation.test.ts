import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, authHeader, memberOf, signUpConfirmed } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('routes outside /auth need a valid access token', () => {
  const routes: Array<{ method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }> = [
    { method: 'GET', url: '/api/v1/me' },
    { method: 'GET', url: '/api/v1/organization' },
    { method: 'GET', url: '/api/v1/reviewers' },
    { method: 'GET', url: `/api/v1/reviewers/${randomUUID()}` },
    { method: 'POST', url: '/api/v1/organizations', payload: { name: 'Sneaky Label' } },
    { method: 'POST', url: '/api/v1/organizations/join', payload: { invite_code: 'ABCDEFGHJK' } },
  ];
  const badCredentials: Array<[string, Record<string, string>]> = [
    ['no authorization header', {}],
    ['garbage bearer token', authHeader('garbage')],
    ['a JWT-shaped garbage token', authHeader('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl')],
    ['a non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ];

  for (const route of routes) {
    it.each(badCredentials)(
      `${route.method} ${route.url.replace(/[0-9a-f-]{36}/, ':id')}: 401 with %s`,
      async (_l, headers) => {
        const res = await server.app.inject({ ...route, headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          error: { code: 'unauthorized', message: 'Not authenticated. Please log in to continue.' },
        });
      },
    );
  }
});

describe('tenant isolation', () => {
  let labelA: Awaited<ReturnType<typeof adminWithLabel>>;
  let labelB: Awaited<ReturnType<typeof adminWithLabel>>;
  let memberA: Awaited<ReturnType<typeof memberOf>>;
  let memberB: Awaited<ReturnType<typeof memberOf>>;

  beforeAll(async () => {
    labelA = await adminWithLabel(server.app, 'Alpha Records');
    labelB = await adminWithLabel(server.app, 'Beta Records');
    memberA = await memberOf(server.app, labelA.inviteCode);
    memberB = await memberOf(server.app, labelB.inviteCode);
    // A signed-in user with no label at all: also not A's.
    await signUpConfirmed(server.app);
  });

  it("answers 404 for another label's member", async () => {
    for (const target of [labelB.reviewer.id, memberB.reviewer.id]) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/reviewers/${target}`,
        headers: memberA.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // Control: a member of the same label is found.
    const own = await server.app.inject({
      method: 'GET',
      url: `/api/v1/reviewers/${labelA.reviewer.id}`,
      headers: memberA.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: labelA.reviewer.id, is_admin: true });
  });

  it("lists only the caller's own label's members", async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/reviewers',
      headers: memberA.headers,
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((r: { id: string }) => r.id);
    expect(ids.sort()).toEqual([labelA.reviewer.id, memberA.reviewer.id].sort());
  });

  it('row-level security hides other organizations even from a query with no filter', async () => {
    const seen = await server.database.withOrg(labelA.organization.id, (tx) =>
      queryRows<{ id: string; organization_id: string | null }>(tx, sql`select * from reviewers`),
    );
    expect(seen.map((r) => r.id).sort()).toEqual([labelA.reviewer.id, memberA.reviewer.id].sort());
    expect(new Set(seen.map((r) => r.organization_id))).toEqual(new Set([labelA.organization.id]));

    const orgs = await server.database.withOrg(labelA.organization.id, (tx) =>
      queryRows<{ id: string }>(tx, sql`select id from organizations`),
    );
    expect(orgs.map((o) => o.id)).toEqual([labelA.organization.id]);

    // Control: outside withOrg the same query sees both labels (so the filter above came from RLS).
    const all = await queryRows<{ id: string }>(
      server.database.global,
      sql`select id from reviewers where organization_id in (${labelA.organization.id}, ${labelB.organization.id})`,
    );
    expect(all).toHaveLength(4);
  });

  it("row-level security refuses writing a row into another organization's tenant table", async () => {
    const insertInto = (orgId: string, feature: string) =>
      server.database.withOrg(labelA.organization.id, (tx) =>
        tx.execute(
          sql`insert into trial_usage (organization_id, feature_name) values (${orgId}, ${feature})`,
        ),
      );

    const refused = await insertInto(labelB.organization.id, 'contract_generator').then(
      () => null,
      (err: Error & { cause?: Error }) => err,
    );
    // Drizzle wraps the database error ("Failed query: ...") and keeps PostgreSQL's as the cause.
    expect(refused?.cause?.message ?? refused?.message).toMatch(/row-level security/i);
    const rowsOfB = await queryRows<{ n: number }>(
      server.database.global,
      sql`select count(*)::int as n from trial_usage where organization_id = ${labelB.organization.id}`,
    );
    expect(Number(rowsOfB[0]!.n)).toBe(0);

    // Control: the same insert for its own organization goes through.
    await expect(insertInto(labelA.organization.id, 'contract_generator')).resolves.toBeDefined();
  });
});
