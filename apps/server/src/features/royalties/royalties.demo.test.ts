import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { signIn } from '../../test/api-helpers.ts';
import { createFileTestServer } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../demo/demo.seed.ts';
import { demoQuarters } from './royalties.demo.ts';

type Json = Record<string, any>;

/** The demo label's finance (issue 16, point 7), as its admin sees it through the API. */
describe('the demo statements', () => {
  let server: TestServer;
  let headers: { authorization: string };
  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    server = await createFileTestServer('royalties-demo');
    await seedDemo(server.database, server.ctx.storage.driver, server.ctx.secrets);
    const session = await signIn(server.app, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    headers = { authorization: `Bearer ${session.access_token}` };
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('takes the two quarters before the current one', () => {
    expect(demoQuarters(new Date('2026-11-26T12:00:00Z'))).toEqual([
      ['2026-04', '2026-05', '2026-06'],
      ['2026-07', '2026-08', '2026-09'],
    ]);
    expect(demoQuarters(new Date('2027-02-01T00:00:00Z'))).toEqual([
      ['2026-07', '2026-08', '2026-09'],
      ['2026-10', '2026-11', '2026-12'],
    ]);
  });

  it('has two quarters of DistroKid and Believe statements imported through the real import, mostly matched', async () => {
    const imports = await get('/api/v1/finance/imports');
    expect(imports.total).toBe(4);
    expect(imports.rows.map((r: Json) => [r.source_name, r.status, r.bad_line_count])).toEqual(
      expect.arrayContaining([
        ['DistroKid', 'imported', 0],
        ['Believe', 'imported', 0],
      ]),
    );
    for (const row of imports.rows as Json[]) {
      expect(row.line_count).toBeGreaterThan(50);
      expect(row.matched_lines).toBeGreaterThanOrEqual(row.line_count - 3);
    }
    const quarters = demoQuarters(new Date());
    const summary = await get('/api/v1/finance/summary');
    const latest = quarters[1]![0]!;
    expect(summary.quarter).toBe(
      `${latest.slice(0, 4)}-Q${Math.floor((Number(latest.slice(5)) - 1) / 3) + 1}`,
    );
    expect(summary.income.map((m: Json) => m.currency)).toEqual(['EUR', 'USD']);
  });

  it('has the signed contract’s terms, its advance partly recouped, one published quarter and one to review', async () => {
    const deals = await get('/api/v1/finance/deals');
    expect(deals.rows).toHaveLength(1);
    const deal = deals.rows[0];
    expect(deal).toMatchObject({ artist_name: 'Lumen Vale', default_rate: '18' });
    expect(deal.payees.length).toBeGreaterThan(0);
    const first = deal.balances[0];
    // 250 advance + 120 mastering, partly recouped by the first quarter's earnings.
    expect(BigInt(first.balance_minor)).toBeLessThan(0n);
    expect(BigInt(first.recouped_minor)).toBeGreaterThan(0n);
    const periods = await get('/api/v1/finance/periods');
    expect(periods.rows.map((p: Json) => p.status)).toEqual(['computed', 'published']);
    const published = await get(`/api/v1/finance/periods/${periods.rows[1].id}`);
    expect(published.statement_rows.length).toBeGreaterThan(0);
    expect(BigInt(published.statement_rows[0].earnings_minor)).toBeGreaterThan(0n);
  });

  it('leaves lines to resolve on Unmatched, a Japanese title among them, and seeding again adds nothing', async () => {
    const unmatched = await get('/api/v1/finance/unmatched');
    expect(unmatched.rows.map((r: Json) => r.identifier)).toEqual(
      expect.arrayContaining(['QZDEM2600001', 'JPDEM2600002', '5063000000018']),
    );
    expect(unmatched.rows.find((r: Json) => r.identifier === 'JPDEM2600002').track_title).toBe('夜明けの歌');
    await seedDemo(server.database, server.ctx.storage.driver, server.ctx.secrets);
    const [count] = await queryRows<{ n: number }>(
      server.database.asOwner('the test counts the demo imports'),
      sql`select count(*)::int as n from royalty_imports`,
    );
    expect(count!.n).toBe(4);
  });
});
