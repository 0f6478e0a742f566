import { canonicalDecimal } from '@music-review/core/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, authHeader, mailbox, setPlan, signIn } from '../../test/api-helpers.ts';
import { createFileTestServer } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../demo/demo.seed.ts';
import { DEMO_INCOME_ALERTS, demoQuarters } from './royalties.demo.ts';

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
    await seedDemo(server.database, server.ctx.storage.driver, server.ctx.secrets, server.ctx);
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

  it('has the signed contracts’ terms, Lumen Vale’s two cross-collateralised, the advance partly recouped, one published quarter and one to review', async () => {
    const deals = await get('/api/v1/finance/deals');
    expect(
      deals.rows.map((d: Json) => [d.contract_title, d.artist_name, d.default_rate, d.cross_collateralize]),
    ).toEqual([
      ['Recording agreement: Harbour Lights', 'Lumen Vale', '18', true],
      ['Recording agreement: Summer Static', 'Lumen Vale', '18', true],
    ]);
    const [harbour, summer] = deals.rows as Json[];
    expect(harbour!.payees.map((p: Json) => p.name)).toEqual(['Laura Venn']);
    expect(summer!.payees.map((p: Json) => p.name)).toEqual(['Laura Venn']);
    // 250 advance + 120 mastering on Harbour Lights, partly recouped by its own earnings and by
    // Summer Static's, moved onto it.
    const first = harbour!.balances[0];
    expect(BigInt(first.balance_minor)).toBeLessThan(0n);
    expect(BigInt(first.recouped_minor)).toBeGreaterThan(0n);
    const periods = await get('/api/v1/finance/periods');
    expect(periods.rows.map((p: Json) => p.status)).toEqual(['computed', 'published']);
    const published = await get(`/api/v1/finance/periods/${periods.rows[1].id}`);
    expect(published.statement_rows.length).toBeGreaterThan(0);
    expect(BigInt(published.statement_rows[0].earnings_minor)).toBeGreaterThan(0n);

    // The published statement moves Summer Static's whole positive balance onto Harbour Lights,
    // which is still unrecouped: nothing is payable, and the two moves cancel out.
    const laura = (published.statement_rows as Json[]).find((r) => r.payee_name === 'Laura Venn');
    const statement = await get(`/api/v1/finance/statements/${laura!.id}`);
    const move = (name: string) =>
      BigInt((statement.deals as Json[]).find((d) => d.contract_title === name)!.cross_collateral_minor);
    const earned = BigInt(
      (statement.deals as Json[]).find((d) => d.contract_title === summer!.contract_title)!.earnings_minor,
    );
    expect(earned).toBeGreaterThan(0n);
    expect(move(summer!.contract_title)).toBe(-earned);
    expect(move(harbour!.contract_title)).toBe(earned);
    expect(statement.payable_minor).toBe('0');
  });

  it('mailed the published statement’s link to its payee; the link opens it signed out', async () => {
    const mails = await mailbox(server.app, 'laura@lumenvale.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Demo Records: your royalty statement for \d{4}-Q[1-4]$/);
    const token = mails[0]!.text.match(/\/statements\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();
    const res = await server.app.inject({ method: 'GET', url: `/api/v1/public/statements/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      label_name: 'Demo Records',
      payee_name: 'Laura Venn',
      currency: 'GBP',
    });
  });

  it('converts the Believe statements’ EUR into the reporting currency with the periods’ rates', async () => {
    const [before, latest] = demoQuarters(new Date());
    const performance = await get(`/api/v1/analytics/performance?from=${before![0]}&to=${latest![2]}`);
    expect(performance.reporting_currency).toBe('USD');
    expect(performance.not_converted).toEqual([]);
    // 1 EUR = 1.08 USD in both quarters (the USD values 1.08 and 1 of the seed).
    expect(
      performance.rates_used.map((r: Json) => [r.from, r.to, r.rate, r.period_start, r.period_end]),
    ).toEqual([
      ['EUR', 'USD', '1.08', before![0], before![2]],
      ['EUR', 'USD', '1.08', latest![0], latest![2]],
    ]);
  });

  it('has missing income to open: a store that stopped reporting a recording, and a territory that fell by more than half', async () => {
    const [before, latest] = demoQuarters(new Date());
    const answer = await get('/api/v1/analytics/missing-income');
    expect(answer.has_statements).toBe(true);
    const months = {
      source: 'distrokid',
      previous_from: before![0],
      previous_to: before![2],
      current_from: latest![0],
      current_to: latest![2],
      currency: 'USD',
    };
    // Largest previous income first. By hand, from the seed's streams (40 + a hash % 900, times 12
    // for the two recordings after the signed song's) at USD 0.0032:
    // - "Overpass" on Deezer, the quarter before: 10 lines, 45,844 streams = USD 146.7008; none since.
    // - "Salt & Ivory" in Germany: 21,668 streams = USD 69.3376 before; 5,447 since (each line's
    //   streams divided by 4, rounded down) = USD 17.4304, under half.
    expect(answer.total).toBe(2);
    expect(answer.alerts).toMatchObject([
      {
        ...months,
        kind: 'missing',
        dimension: 'store',
        value: DEMO_INCOME_ALERTS.missing.store,
        recording: { title: DEMO_INCOME_ALERTS.missing.title },
        previous_net: '146.7008',
        current_net: '0',
      },
      {
        ...months,
        kind: 'drop',
        dimension: 'territory',
        value: DEMO_INCOME_ALERTS.drop.territory,
        value_name: 'Germany',
        recording: { title: DEMO_INCOME_ALERTS.drop.title },
        previous_net: '69.3376',
        current_net: '17.4304',
      },
    ]);

    // Each alert opens the recording's lines, and they add up to its figures.
    const [missing, drop] = answer.alerts as Json[];
    const lines = (alert: Json) =>
      get(`/api/v1/analytics/lines?${new URLSearchParams({ ...alert.lines, limit: '200' })}`);
    const missingLines = await lines(missing!);
    expect(missingLines.total).toBe(10);
    expect(missingLines.quantity).toBe(45_844);
    const amounts = (answer: Json) =>
      answer.amounts.map((a: Json) => ({ currency: a.currency, net: canonicalDecimal(a.net) }));
    expect(amounts(missingLines)).toEqual([{ currency: 'USD', net: '146.7008' }]);
    for (const line of missingLines.rows as Json[]) {
      expect(line).toMatchObject({
        recording_id: missing!.recording.id,
        store: 'Deezer',
        source: 'distrokid',
      });
      expect(before).toContain(line.sale_month.slice(0, 7));
    }
    const dropLines = await lines(drop!);
    expect(dropLines.quantity).toBe(21_668 + 5_447);
    expect(amounts(dropLines)).toEqual([{ currency: 'USD', net: '86.768' }]);
    expect(new Set(dropLines.rows.map((l: Json) => l.territory))).toEqual(new Set(['DE']));

    // Another label sees none of it, and cannot open the demo's lines.
    const other = await adminWithLabel(server.app, 'Another label');
    await setPlan(server.database, other.organization.id, 'Pro');
    const otherHeaders = authHeader(other.token);
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/missing-income',
      headers: otherHeaders,
    });
    expect(theirs.json()).toMatchObject({ alerts: [], total: 0, has_statements: false });
    const theirLines = await server.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/lines?${new URLSearchParams(missing!.lines)}`,
      headers: otherHeaders,
    });
    expect(theirLines.statusCode).toBe(404);
  });

  it('leaves lines to resolve on Unmatched, a Japanese title among them, and seeding again adds nothing', async () => {
    const unmatched = await get('/api/v1/finance/unmatched');
    expect(unmatched.rows.map((r: Json) => r.identifier)).toEqual(
      expect.arrayContaining(['QZDEM2600001', 'JPDEM2600002', '5063000000018']),
    );
    expect(unmatched.rows.find((r: Json) => r.identifier === 'JPDEM2600002').track_title).toBe('夜明けの歌');
    await seedDemo(server.database, server.ctx.storage.driver, server.ctx.secrets, server.ctx);
    const [count] = await queryRows<{ n: number }>(
      server.database.asOwner('the test counts the demo imports'),
      sql`select count(*)::int as n from royalty_imports`,
    );
    expect(count!.n).toBe(4);
  });
});
