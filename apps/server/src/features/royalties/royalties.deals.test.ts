/**
 * Worked examples through the API (issue 16, "Correctness"), figures by hand in the comments: one
 * artist's two contracts cross-collateralised (a positive balance moved onto the unrecouped
 * contract), a reserve held on physical sales and released the next period, and a profit-share deal
 * whose costs come out of the pool. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSignedSong } from '../../test/songs.ts';
import { createFinanceTestServer, financeApi, financeLabel, tableText } from './royalties-test-helpers.ts';

type Json = Record<string, any>;

const HEADER = ['Month', 'ISRC', 'Type', 'Net', 'Currency'];
const MAPPING = {
  columns: { sale_month: 'Month', isrc: 'ISRC', sale_type: 'Type', net: 'Net', currency: 'Currency' },
  number_format: 'point',
  date_format: 'auto',
  default_currency: null,
  default_sale_type: 'other',
};

describe('cross-collateralisation, reserves and profit share, run through periods', () => {
  let server: TestServer;
  let api: ReturnType<typeof financeApi>;
  let label: Awaited<ReturnType<typeof financeLabel>>;
  let payee: string;
  let producer: string;
  const deals: Record<string, Json> = {};

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, status = 200) => {
    const res = await server.app.inject({
      method,
      url,
      headers: label.headers,
      ...(body ? { payload: body as Record<string, unknown> } : {}),
    });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const importMonth = (name: string, rows: string[][]) =>
    api.importFile(label.headers, tableText([HEADER, ...rows], ','), name, {
      source: 'custom',
      mapping: MAPPING as never,
      mapping_name: 'Own layout',
    });
  const runPeriod = async (month: string) => {
    const period = await call('POST', '/api/v1/finance/periods', { month }, 201);
    await call('POST', `/api/v1/finance/periods/${period.id}/run`, {}, 202);
    await expect
      .poll(async () => (await call('GET', `/api/v1/finance/periods/${period.id}`)).status, {
        timeout: 30_000,
      })
      .toBe('computed');
    return call('GET', `/api/v1/finance/periods/${period.id}`);
  };
  const publish = async (id: string) => {
    await call('POST', `/api/v1/finance/periods/${id}/approve`);
    await call('POST', `/api/v1/finance/periods/${id}/publish`);
  };
  const statementOf = async (periodId: string, payeeId: string) => {
    const period = await call('GET', `/api/v1/finance/periods/${periodId}`);
    const row = period.statement_rows.find((s: Json) => s.payee_id === payeeId);
    return call('GET', `/api/v1/finance/statements/${row.id}`);
  };

  beforeAll(async () => {
    server = await createFinanceTestServer();
    api = financeApi(server);
    label = await financeLabel(server, 'Collateral Records');
    const org = label.organization.id;
    const songs = [
      await insertSignedSong(server, org, { title: 'First Light', artist: 'Mira Sol' }),
      await insertSignedSong(server, org, { title: 'Second Wind', artist: 'Mira Sol' }),
      await insertSignedSong(server, org, { title: 'Shared Room', artist: 'Noor' }),
    ];
    await server.database.withOrg(org, async (tx) => {
      const [p, q] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payees (organization_id, name, currency) values (${org}, 'Mira Sol', 'USD'), (${org}, 'Noor Studio', 'USD')
            returning id`,
      );
      payee = p!.id;
      producer = q!.id;
      const terms = [
        { royalty_rate: 50, advance_cents: 10_000, currency: 'USD' },
        { royalty_rate: 20, advance_cents: 0, currency: 'USD' },
        { royalty_rate: 50, advance_cents: 0, currency: 'USD' },
      ];
      for (const [i, song] of songs.entries()) {
        const [rec] = await queryRows<{ id: string }>(
          tx,
          sql`insert into recordings (organization_id, title, display_artist, isrc, origin, song_id)
              values (${org}, ${song.title}, ${song.artist}, ${`GBCOL26000${i + 1}0`}, 'demo', ${song.id}) returning id`,
        );
        await tx.execute(
          sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
              values (${org}, ${rec!.id}, ${i < 2 ? payee : producer}, 10000)`,
        );
        await tx.execute(
          sql`insert into contracts (organization_id, song_id, artist_name, status, title, terms, completed_at)
              values (${org}, ${song.id}, ${song.artist}, 'signed', ${`Agreement ${i + 1}`}, ${JSON.stringify(terms[i])}::jsonb,
                '2025-12-01T00:00:00Z')`,
        );
      }
    });
    const list = await call('GET', '/api/v1/finance/deals');
    for (const c of list.without_terms) {
      const deal = await call('POST', '/api/v1/finance/deals', { contract_id: c.contract_id }, 201);
      deals[deal.song_title] = deal;
    }
    const set = (deal: Json, changes: Record<string, unknown>) =>
      call('PUT', `/api/v1/finance/deals/${deal.id}`, {
        kind: deal.kind,
        basis: deal.basis,
        default_rate: deal.default_rate,
        rates: deal.rates,
        profit_share: deal.profit_share,
        reserve_rate: deal.reserve_rate,
        cross_collateralize: deal.cross_collateralize,
        payees: deal.payees.map((p: Json) => ({ payee_id: p.payee_id, share: p.share })),
        row_version: deal.row_version,
        ...changes,
      });
    deals['First Light'] = await set(deals['First Light']!, { cross_collateralize: true });
    deals['Second Wind'] = await set(deals['Second Wind']!, {
      cross_collateralize: true,
      reserve_rate: '10',
    });
    deals['Shared Room'] = await set(deals['Shared Room']!, { kind: 'profit_share', profit_share: '50' });
    // The profit-share deal's recoupable cost, in its first quarter.
    await call(
      'POST',
      `/api/v1/finance/deals/${deals['Shared Room']!.id}/ledger`,
      {
        kind: 'cost',
        payee_id: null,
        amount: '30',
        currency: 'USD',
        entry_date: '2026-02-10',
        reason: 'Session musicians',
      },
      201,
    );
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('Q1: the reserve is held, the positive contract covers the unrecouped one, and the profit-share pool pays its costs first', async () => {
    await importMonth('q1.csv', [
      ['2026-01', 'GBCOL2600010', 'Stream', '60.00', 'USD'],
      ['2026-02', 'GBCOL2600020', 'Physical', '200.00', 'USD'],
      ['2026-03', 'GBCOL2600030', 'Stream', '100.00', 'USD'],
    ]);
    const q1 = await runPeriod('2026-01');
    const st = await statementOf(q1.id, payee);
    const byDeal = new Map(st.deals.map((d: Json) => [d.deal_id, d]));
    // First Light: 60.00 × 50 % = 30.00 earned; opening -100.00 (the advance) → -70.00 before the move.
    // Second Wind: 200.00 × 20 % = 40.00 earned on physical; 10 % held = 4.00 → 36.00.
    // Cross-collateralised: Second Wind's 36.00 moves onto First Light: -70.00 + 36.00 = -34.00; Second Wind 0.
    expect(byDeal.get(deals['First Light']!.id)).toMatchObject({
      opening_minor: '-10000',
      earnings_minor: '3000',
      cross_collateral_minor: '3600',
      closing_minor: '-3400',
    });
    expect(byDeal.get(deals['Second Wind']!.id)).toMatchObject({
      earnings_minor: '4000',
      reserves_held_minor: '400',
      cross_collateral_minor: '-3600',
      closing_minor: '0',
    });
    expect(st).toMatchObject({ closing_minor: '-3400', payable_minor: '0' });
    // Noor: pool 100.00 - 30.00 costs = 70.00; 50 % = 35.00; the costs are not charged again.
    const noor = await statementOf(q1.id, producer);
    expect(noor).toMatchObject({
      earnings_minor: '3500',
      costs_minor: '0',
      closing_minor: '3500',
      payable_minor: '3500',
    });
    await publish(q1.id);
  });

  it('Q2: the reserve comes back, and the artist is owed once the advance is recouped', async () => {
    await importMonth('q2.csv', [['2026-04', 'GBCOL2600010', 'Stream', '100.00', 'USD']]);
    const q2 = await runPeriod('2026-04');
    const st = await statementOf(q2.id, payee);
    const byDeal = new Map(st.deals.map((d: Json) => [d.deal_id, d]));
    // First Light: -34.00 + 100.00 × 50 % = 16.00.
    // Second Wind: Q1 left 40.00 - 4.00 held - 36.00 moved = 0; the 4.00 reserve released → 4.00.
    expect(byDeal.get(deals['First Light']!.id)).toMatchObject({
      opening_minor: '-3400',
      closing_minor: '1600',
    });
    expect(byDeal.get(deals['Second Wind']!.id)).toMatchObject({
      opening_minor: '0',
      reserves_released_minor: '400',
      closing_minor: '400',
    });
    // Nothing negative left to cover: 16.00 + 4.00 = 20.00 payable.
    expect(st).toMatchObject({ closing_minor: '2000', payable_minor: '2000' });
  });
});
