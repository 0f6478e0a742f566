import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { authHeader, getMe, signIn } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { seedDemo } from './demo.seed.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('seedDemo', () => {
  it("creates 'Demo Records' on the Label plan with a confirmed admin and two members", async () => {
    expect(await seedDemo(server.database)).toBe(true);

    const expected = [
      { email: 'admin@demo.test', isAdmin: true },
      { email: 'alex@demo.test', isAdmin: false },
      { email: 'sam@demo.test', isAdmin: false },
    ];
    let organizationId: string | undefined;
    for (const { email, isAdmin } of expected) {
      const session = await signIn(server.app, email, 'demo-password');
      expect(session.user.email_confirmed_at).not.toBeNull();

      const me = (await getMe(server.app, session.access_token)).json();
      expect(me.reviewer).toMatchObject({ email, is_admin: isAdmin });
      expect(me.organization).toMatchObject({
        name: 'Demo Records',
        plan_name: 'Label',
        track_limit: -1,
        member_count: 3,
      });
      expect(me.organization.invite_code !== undefined).toBe(isAdmin);
      organizationId ??= me.organization.id;
      expect(me.organization.id).toBe(organizationId);

      const members = await server.app.inject({
        method: 'GET',
        url: '/api/v1/reviewers',
        headers: authHeader(session.access_token),
      });
      expect(
        members
          .json()
          .map((r: { email: string }) => r.email)
          .sort(),
      ).toEqual(expected.map((e) => e.email).sort());
    }
  });

  it('does nothing when run again', async () => {
    const count = async () =>
      (
        await queryRows<{ users: number; orgs: number; reviewers: number }>(
          server.database.db,
          sql`select
            (select count(*)::int from users where email like '%@demo.test') as users,
            (select count(*)::int from organizations where name = 'Demo Records') as orgs,
            (select count(*)::int from reviewers where email like '%@demo.test') as reviewers`,
        )
      )[0];
    await seedDemo(server.database);
    const before = await count();
    expect(before).toEqual({ users: 3, orgs: 1, reviewers: 3 });

    expect(await seedDemo(server.database)).toBe(false);
    expect(await count()).toEqual(before);
  });
});
