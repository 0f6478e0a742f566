import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { CatalogueSettingsDto } from '@music-review/core/contracts/catalogue';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, memberOf, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type Account = Awaited<ReturnType<typeof adminWithLabel>>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const SETTINGS = '/api/v1/catalogue/settings';
const POOL = '/api/v1/catalogue/upc-pool';
const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');

describe('catalogue settings: ISRC prefix and next ISRC, names, and the UPC pool', () => {
  let server: TestServer;
  let admin: Account;
  let outsider: Account;
  let starter: Account;
  let member: Awaited<ReturnType<typeof memberOf>>;

  const call = async <T>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    who: { headers: { authorization: string } } = admin,
  ) => {
    const res = await server.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const owner = () => server.database.asOwner('tests build rows directly');
  const settingsRows = async (organizationId: string) =>
    (
      await queryRows<{ n: number }>(
        owner(),
        sql`select count(*)::int as n from catalogue_settings where organization_id = ${organizationId}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Settings Lab');
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    starter = await adminWithLabel(server.app, 'Small Label');
    member = await memberOf(server.app, admin.inviteCode);
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Pro');
    await setPlan(server.database, starter.organization.id, 'Starter');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the defaults without writing anything until the label saves a setting', async () => {
    const { status, body } = await call<CatalogueSettingsDto>('GET', SETTINGS, undefined, member);
    expect(status).toBe(200);
    expect(body).toEqual({
      isrc_prefix: null,
      next_isrc: null,
      label_name: null,
      default_p_owner: null,
      default_c_owner: null,
      ddex_dpid: null,
      upc_pool: { total: 0, free: 0, next: null },
      row_version: 1,
    });
    expect(await settingsRows(admin.organization.id)).toBe(0);
  });

  it('lets admins only save the settings, each save the next version; a stale one is refused', async () => {
    const notAdmin = await call<ErrorBody>('PATCH', SETTINGS, { row_version: 1, label_name: 'Mine' }, member);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.error.code).toBe('forbidden');

    const badPrefix = await call<ErrorBody>('PATCH', SETTINGS, { row_version: 1, isrc_prefix: 'G1ABC' });
    expect(badPrefix.status).toBe(400);
    expect(badPrefix.body.error.fields?.isrc_prefix).toBe(MUSIC_CODE_MESSAGES.isrcPrefix);

    await owner().execute(sql`insert into recordings (organization_id, title, display_artist, isrc)
      values (${admin.organization.id}, 'Typed', 'X', ${`GBABC${yy}00001`})`);
    const saved = await call<CatalogueSettingsDto>('PATCH', SETTINGS, {
      row_version: 1,
      isrc_prefix: 'gb-abc',
      label_name: 'Settings Lab Records',
      default_p_owner: 'Settings Lab Ltd',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      isrc_prefix: 'GBABC',
      // 00001 is already on a recording: Assign ISRC would give the next one.
      next_isrc: `GBABC${yy}00002`,
      label_name: 'Settings Lab Records',
      default_p_owner: 'Settings Lab Ltd',
      default_c_owner: null,
      row_version: 2,
    });

    // A member who opened the defaults (version 1) saves after that: refused, nothing lost.
    const stale = await call<ErrorBody>('PATCH', SETTINGS, { row_version: 1, label_name: 'Other' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'conflict', message: CATALOGUE_MESSAGES.changedSinceRead });
    const again = await call<CatalogueSettingsDto>('PATCH', SETTINGS, {
      row_version: 2,
      ddex_dpid: 'PADPIDA2014120301U',
      label_name: '',
    });
    expect(again.body).toMatchObject({ row_version: 3, ddex_dpid: 'PADPIDA2014120301U', label_name: null });
    const [audit] = await queryRows<{ changes: Record<string, unknown> }>(
      owner(),
      sql`select changes from catalogue_audit where entity_id = ${admin.organization.id} and action = 'update'
          order by created_at desc limit 1`,
    );
    expect(audit!.changes).toEqual({
      ddex_dpid: [null, 'PADPIDA2014120301U'],
      label_name: ['Settings Lab Records', null],
    });
    // The settings are the label's own: another label sees its defaults.
    expect((await call<CatalogueSettingsDto>('GET', SETTINGS, undefined, outsider)).body).toMatchObject({
      isrc_prefix: null,
      label_name: null,
      row_version: 1,
    });
  });

  it('computes the next ISRC as Assign ISRC would: a new year starts at 1, a new prefix too', async () => {
    const org = admin.organization.id;
    await owner().execute(sql`update catalogue_settings set isrc_year = ${Number(yy)}, isrc_next_number = 40
      where organization_id = ${org}`);
    expect((await call<CatalogueSettingsDto>('GET', SETTINGS)).body.next_isrc).toBe(`GBABC${yy}00040`);
    await owner().execute(sql`update catalogue_settings set isrc_year = ${(Number(yy) + 99) % 100}
      where organization_id = ${org}`);
    expect((await call<CatalogueSettingsDto>('GET', SETTINGS)).body.next_isrc).toBe(`GBABC${yy}00002`);
    await owner().execute(
      sql`update catalogue_settings set isrc_year = ${Number(yy)} where organization_id = ${org}`,
    );
    const moved = await call<CatalogueSettingsDto>('PATCH', SETTINGS, {
      row_version: 3,
      isrc_prefix: 'QZ-XYZ',
    });
    expect(moved.body.next_isrc).toBe(`QZXYZ${yy}00001`);
  });

  it('adds a GS1 range to the pool, skipping codes already there, and shows the lowest free code', async () => {
    const notAdmin = await call<ErrorBody>('POST', POOL, { first: '03600029145', count: 3 }, member);
    expect(notAdmin.status).toBe(403);

    const first = await call<CatalogueSettingsDto & { added: number }>('POST', POOL, {
      first: '03600029145',
      count: 3,
    });
    expect(first.status).toBe(200);
    expect(first.body.added).toBe(3);
    // 036000291452: the check digit GS1's own example gives.
    expect(first.body.upc_pool).toEqual({ total: 3, free: 3, next: '036000291452' });

    // A release already carries the code after the range: it enters the pool as used.
    const [release] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into releases (organization_id, title, display_artist, upc)
          values (${admin.organization.id}, 'Hand Typed', 'X', '036000291483') returning id`,
    );
    const overlap = await call<CatalogueSettingsDto & { added: number }>('POST', POOL, {
      first: '03600029146',
      count: 3,
    });
    expect(overlap.body.added).toBe(1);
    expect(overlap.body.upc_pool).toEqual({ total: 4, free: 3, next: '036000291452' });
    const [used] = await queryRows<{ release_id: string | null }>(
      owner(),
      sql`select release_id from upc_pool where code = '036000291483'`,
    );
    expect(used!.release_id).toBe(release!.id);

    const overflow = await call<ErrorBody>('POST', POOL, { first: '99999999999', count: 2 });
    expect(overflow.status).toBe(400);
    expect(overflow.body.error).toEqual({ code: 'bad_request', message: CATALOGUE_MESSAGES.upcRangeInvalid });
    const short = await call<ErrorBody>('POST', POOL, { first: '123', count: 2 });
    expect(short.status).toBe(400);
    expect(short.body.error.fields?.first).toBeDefined();
    // Another label's pool is its own.
    expect((await call<CatalogueSettingsDto>('GET', SETTINGS, undefined, outsider)).body.upc_pool.total).toBe(
      0,
    );
  });

  it('answers 403 plan_required for a label without the catalogue', async () => {
    const attempts = await Promise.all([
      call<ErrorBody>('GET', SETTINGS, undefined, starter),
      call<ErrorBody>('PATCH', SETTINGS, { row_version: 1, label_name: 'Small' }, starter),
      call<ErrorBody>('POST', POOL, { first: '03600029145', count: 1 }, starter),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.error).toEqual({ code: 'plan_required', message: CATALOGUE_MESSAGES.notOnPlan });
    }
    expect(await settingsRows(starter.organization.id)).toBe(0);
  });
});
