import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { signIn } from '../../test/api-helpers.ts';
import { createFileTestServer } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../demo/demo.seed.ts';
import { createErnValidator, locateErnSchemaDir } from './ern/ern-validate.ts';

type Json = Record<string, any>;

/** The demo label's distribution (issue 15, point 7), as its admin sees it through the API. */
describe('the demo distribution', () => {
  let server: TestServer;
  let headers: { authorization: string };
  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  beforeAll(async () => {
    server = await createFileTestServer('distribution-demo');
    await seedDemo(server.database, server.ctx.storage.driver, server.ctx.secrets);
    const session = await signIn(server.app, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    headers = { authorization: `Bearer ${session.access_token}` };
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('has a folder destination, one release live, one refused by the distributor and one blocked by readiness', async () => {
    const destinations = (await get('/api/v1/distribution/destinations')).json().destinations;
    expect(destinations.map((d: Json) => [d.name, d.kind])).toEqual([['Label outbox (demo)', 'folder']]);
    const list = (await get('/api/v1/distribution/releases?limit=200')).json();
    const byTitle = new Map(list.rows.map((r: Json) => [r.title, r]));
    expect((byTitle.get('Runaway Signals') as Json).pipeline_status).toBe('live');
    expect((byTitle.get('Paper Planes') as Json).pipeline_status).toBe('error');

    const live = (
      await get(`/api/v1/distribution/releases/${(byTitle.get('Runaway Signals') as Json).id}`)
    ).json();
    expect(live.readiness.errors).toEqual([]);
    expect(live.stores.every((s: Json) => s.status === 'live')).toBe(true);
    const refused = (
      await get(`/api/v1/distribution/releases/${(byTitle.get('Paper Planes') as Json).id}`)
    ).json();
    expect(refused.stores[0]).toMatchObject({
      status: 'error',
      note: 'The artwork’s text does not match the release title.',
    });
    const blocked = (
      await get(`/api/v1/distribution/releases/${(byTitle.get('Northern Static') as Json).id}`)
    ).json();
    expect(blocked.readiness.errors.map((p: Json) => p.code)).toContain('isrc_twice');

    // The ERN the demo says was sent passes the schema.
    const ern = await get(`/api/v1/distribution/deliveries/${live.deliveries[0].id}/ern`);
    expect(createErnValidator(locateErnSchemaDir()!).validate(ern.body)).toEqual({ valid: true });
    // Seeding again adds nothing.
    await seedDemo(server.database, server.ctx.storage.driver, server.ctx.secrets);
    const [count] = await queryRows<{ n: number }>(
      server.database.asOwner('tests read rows directly'),
      sql`select count(*)::int as n from distribution_deliveries`,
    );
    expect(count!.n).toBe(2);
  });
});
