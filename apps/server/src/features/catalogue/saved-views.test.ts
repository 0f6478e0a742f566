import { CATALOGUE_LIMITS, CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { SavedViewDto } from '@music-review/core/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, memberOf, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Who = { headers: { authorization: string } };

const URL = '/api/v1/catalogue/views';

describe('catalogue saved views: each member’s own, per tab, up to the limit', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let colleague: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let starter: Awaited<ReturnType<typeof adminWithLabel>>;

  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: unknown) => {
    const res = await server.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json<T>() };
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Views Lab');
    colleague = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    starter = await adminWithLabel(server.app, 'Small Label');
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Label');
    await setPlan(server.database, starter.organization.id, 'Starter');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('saves a tab’s filters under a name and lists only the member’s own views', async () => {
    const saved = await call<SavedViewDto>('POST', URL, admin, {
      tab: 'recordings',
      name: '  Missing ISRC, 2024 ',
      filters: { missing: 'isrc', year: 2024, explicit: false },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      tab: 'recordings',
      name: 'Missing ISRC, 2024',
      filters: { missing: 'isrc', year: 2024, explicit: false },
    });
    await call('POST', URL, admin, { tab: 'works', name: 'No ISWC', filters: { missing: 'iswc' } });
    await call('POST', URL, colleague, { tab: 'recordings', name: 'Theirs', filters: {} });
    const mine = await call<{ views: SavedViewDto[] }>('GET', URL, admin);
    expect(mine.body.views.map((v) => [v.tab, v.name])).toEqual([
      ['recordings', 'Missing ISRC, 2024'],
      ['works', 'No ISWC'],
    ]);
    const theirs = await call<{ views: SavedViewDto[] }>('GET', URL, colleague);
    expect(theirs.body.views.map((v) => v.name)).toEqual(['Theirs']);

    const unnamed = await call<ErrorBody>('POST', URL, admin, { tab: 'recordings', name: ' ', filters: {} });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.fields?.name).toBe('Enter a name');
    const badTab = await call<ErrorBody>('POST', URL, admin, { tab: 'people', name: 'X', filters: {} });
    expect(badTab.status).toBe(400);
  });

  it('deletes only the member’s own view: a colleague’s or another label’s id is not found', async () => {
    const [colleagueView] = (await call<{ views: SavedViewDto[] }>('GET', URL, colleague)).body.views;
    expect((await call<ErrorBody>('DELETE', `${URL}/${colleagueView!.id}`, admin)).status).toBe(404);
    const foreign = await call<SavedViewDto>('POST', URL, outsider, {
      tab: 'releases',
      name: 'Elsewhere',
      filters: {},
    });
    expect((await call<ErrorBody>('DELETE', `${URL}/${foreign.body.id}`, admin)).status).toBe(404);
    expect((await call<{ views: SavedViewDto[] }>('GET', URL, outsider)).body.views).toHaveLength(1);
    expect((await call('DELETE', `${URL}/${colleagueView!.id}`, colleague)).body).toEqual({ ok: true });
    expect((await call<{ views: SavedViewDto[] }>('GET', URL, colleague)).body.views).toEqual([]);
  });

  it(`keeps at most ${CATALOGUE_LIMITS.savedViews} views per member and tab`, async () => {
    const org = admin.organization.id;
    const reviewer = admin.reviewer.id;
    // Up to the limit on Releases (built directly: 50 requests would only slow the test).
    await server.database.asOwner('tests build rows directly').execute(sql`
      insert into saved_views (organization_id, reviewer_id, tab, name, filters)
      select ${org}, ${reviewer}, 'releases', 'View ' || n, '{}'::jsonb from generate_series(1, ${CATALOGUE_LIMITS.savedViews}) n`);
    const full = await call<ErrorBody>('POST', URL, admin, {
      tab: 'releases',
      name: 'One more',
      filters: {},
    });
    expect(full.status).toBe(403);
    expect(full.body.error).toEqual({
      code: 'plan_limit_reached',
      message: `You can keep at most ${CATALOGUE_LIMITS.savedViews} saved views on Releases: delete one to save another`,
    });
    // Another tab, or another member, still has room.
    expect((await call('POST', URL, admin, { tab: 'works', name: 'Room', filters: {} })).status).toBe(201);
    expect((await call('POST', URL, colleague, { tab: 'releases', name: 'Room', filters: {} })).status).toBe(
      201,
    );
  });

  it('answers 403 plan_required for a label without the catalogue', async () => {
    const attempts = await Promise.all([
      call<ErrorBody>('GET', URL, starter),
      call<ErrorBody>('POST', URL, starter, { tab: 'recordings', name: 'X', filters: {} }),
      call<ErrorBody>('DELETE', `${URL}/00000000-0000-4000-8000-000000000000`, starter),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.error).toEqual({ code: 'plan_required', message: CATALOGUE_MESSAGES.notOnPlan });
    }
  });
});
