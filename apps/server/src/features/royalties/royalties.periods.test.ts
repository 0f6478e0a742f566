/**
 * Contract terms, periods and statements through the API (issue 16, sections 3-5; decision 0029),
 * with a worked example whose figures are computed by hand in the comments: a signed contract at
 * 50 % of net with a USD 100.00 advance, its recording split 60/40 between two payees; the advance
 * recouped across two quarters; a currency conversion; a late import and the re-run's diff; publish
 * locks the period. The engine's own examples (profit share, reserves, cross-collateralisation,
 * rounding) are in packages/core/src/royalty-engine.test.ts. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSignedSong } from '../../test/songs.ts';
import {
  createFinanceTestServer,
  DISTROKID_HEADER,
  distroKidRow,
  financeApi,
  financeLabel,
  tableText,
} from './royalties-test-helpers.ts';

type Label = Awaited<ReturnType<typeof financeLabel>>;
type Json = Record<string, any>;

const ISRC = 'GBWEX2600001';
const dk = (month: string, net: string) => distroKidRow({ month, isrc: ISRC, net });

describe('royalty periods and statements', () => {
  let server: TestServer;
  let api: ReturnType<typeof financeApi>;
  let label: Label;
  let other: Label;
  let dealId: string;
  let payeeA: string;
  let payeeB: string;
  let q1: Json;
  let q2: Json;

  const get = async (url: string, who: Label = label) => {
    const res = await api.get(who.headers, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = async (url: string, body?: Record<string, unknown>, status = 200) => {
    const res = await api.post(label.headers, url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const put = async (url: string, body: Record<string, unknown>) => {
    const res = await server.app.inject({ method: 'PUT', url, headers: label.headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Runs a period and waits for its job to end. */
  const run = async (periodId: string, body: Record<string, unknown> = {}) => {
    const started = await post(`/api/v1/finance/periods/${periodId}/run`, body, 202);
    expect(started.status).toBe('running');
    await expect
      .poll(async () => (await get(`/api/v1/finance/periods/${periodId}`)).status, {
        timeout: 30_000,
        interval: 200,
      })
      .not.toBe('running');
    return get(`/api/v1/finance/periods/${periodId}`);
  };
  const byPayee = (period: Json) =>
    new Map<string, Json>(period.statement_rows.map((s: Json) => [s.payee_id as string, s]));

  beforeAll(async () => {
    server = await createFinanceTestServer();
    api = financeApi(server);
    label = await financeLabel(server, 'Ledger Records');
    other = await financeLabel(server, 'Someone Else Records');
    const org = label.organization.id;
    const song = await insertSignedSong(server, org, { title: 'Tidal Glass', artist: 'Ada Wex' });
    await server.database.withOrg(org, async (tx) => {
      const [a] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payees (organization_id, name, currency) values (${org}, 'Ada Wex Music', 'USD') returning id`,
      );
      const [b] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payees (organization_id, name, currency) values (${org}, 'Producer Co', 'USD') returning id`,
      );
      payeeA = a!.id;
      payeeB = b!.id;
      const [rec] = await queryRows<{ id: string }>(
        tx,
        sql`insert into recordings (organization_id, title, display_artist, isrc, origin, song_id)
            values (${org}, 'Tidal Glass', 'Ada Wex', ${ISRC}, 'demo', ${song.id}) returning id`,
      );
      await tx.execute(
        sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
            values (${org}, ${rec!.id}, ${payeeA}, 6000), (${org}, ${rec!.id}, ${payeeB}, 4000)`,
      );
      await tx.execute(
        sql`insert into contracts (organization_id, song_id, artist_name, status, title, terms, completed_at)
            values (${org}, ${song.id}, 'Ada Wex', 'signed', 'Recording agreement',
              ${JSON.stringify({ royalty_rate: 50, advance_cents: 10_000, currency: 'USD' })}::jsonb,
              '2025-12-15T10:00:00Z')`,
      );
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('sets up a signed contract’s terms from its fields: 50 % of net, the 60/40 split, the advance in the ledger', async () => {
    const before = await get('/api/v1/finance/deals');
    expect(before.rows).toEqual([]);
    expect(before.without_terms).toEqual([
      expect.objectContaining({ artist_name: 'Ada Wex', song_title: 'Tidal Glass' }),
    ]);
    const deal = await post(
      '/api/v1/finance/deals',
      { contract_id: before.without_terms[0].contract_id },
      201,
    );
    dealId = deal.id;
    expect(deal).toMatchObject({
      kind: 'royalty',
      basis: 'net',
      default_rate: '50',
      cross_collateralize: false,
    });
    expect(deal.payees.map((p: Json) => [p.name, p.share])).toEqual([
      ['Ada Wex Music', '60'],
      ['Producer Co', '40'],
    ]);
    expect(deal.recordings).toEqual([expect.objectContaining({ isrc: ISRC })]);
    // The advance: USD 100.00 to the first payee, so Ada is 10000 cents unrecouped.
    const ada = deal.balances.find((b: Json) => b.payee_id === payeeA);
    expect(ada).toMatchObject({ balance_minor: '-10000', advances_minor: '10000', recouped_minor: '0' });
    // Twice: a conflict; another label cannot see it.
    expect(
      (await api.post(label.headers, '/api/v1/finance/deals', { contract_id: deal.contract_id })).statusCode,
    ).toBe(409);
    expect((await api.get(other.headers, `/api/v1/finance/deals/${dealId}/ledger`)).statusCode).toBe(404);
  });

  it('refuses terms whose shares do not total 100, and an adjustment without a reason', async () => {
    const deal = (await get('/api/v1/finance/deals')).rows[0];
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/finance/deals/${dealId}`,
      headers: label.headers,
      payload: {
        kind: 'royalty',
        basis: 'net',
        default_rate: '50',
        rates: [],
        profit_share: null,
        reserve_rate: '0',
        cross_collateralize: false,
        payees: [
          { payee_id: payeeA, share: '60' },
          { payee_id: payeeB, share: '30' },
        ],
        row_version: deal.row_version,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.payees).toMatch(/100/);
    const adj = await api.post(label.headers, `/api/v1/finance/deals/${dealId}/ledger`, {
      kind: 'adjustment',
      payee_id: payeeB,
      amount: '5',
      currency: 'USD',
      entry_date: '2026-01-10',
      reason: null,
    });
    expect(adj.statusCode).toBe(400);
    expect(adj.json().error.fields.reason).toBeTruthy();
    // A receipt must be a file of this label.
    const receipt = await api.post(label.headers, `/api/v1/finance/deals/${dealId}/ledger`, {
      kind: 'cost',
      payee_id: payeeB,
      amount: '5',
      currency: 'USD',
      entry_date: '2026-01-10',
      reason: 'Artwork',
      receipt_key: `${other.organization.id}/files/folder-1/receipt.pdf`,
    });
    expect(receipt.statusCode).toBe(400);
    expect(receipt.json().error.fields.receipt_key).toBe('Choose a file of your project folder.');
  });

  it('Q1: the advance is partly recouped; Producer Co is owed its share', async () => {
    const imported = await api.importFile(
      label.headers,
      tableText([DISTROKID_HEADER, dk('2026-01', '50.00'), dk('2026-02', '40.00'), dk('2026-03', '30.00')]),
      'dk-2026q1.tsv',
    );
    expect(imported.status).toBe('imported');
    q1 = await post('/api/v1/finance/periods', { month: '2026-02' }, 201);
    expect(q1).toMatchObject({
      name: '2026-Q1',
      start_month: '2026-01',
      end_month: '2026-03',
      status: 'open',
    });
    expect(q1.import_ids).toEqual([imported.id]);
    expect((await api.post(label.headers, '/api/v1/finance/periods', { month: '2026-03' })).statusCode).toBe(
      409,
    );

    const done = await run(q1.id);
    expect(done.status).toBe('computed');
    const rows = byPayee(done);
    // Receipts 50 + 40 + 30 = 120.00; 50 % = 60.00; Ada 60 % = 36.00, Producer 40 % = 24.00.
    // Ada: opening -100.00 (the advance, signed 2025-12-15) + 36.00 = -64.00, nothing payable.
    expect(rows.get(payeeA)).toMatchObject({
      opening_minor: '-10000',
      earnings_minor: '3600',
      closing_minor: '-6400',
      payable_minor: '0',
      changes: null,
    });
    // Producer: 0 + 24.00 = 24.00 payable.
    expect(rows.get(payeeB)).toMatchObject({
      opening_minor: '0',
      earnings_minor: '2400',
      closing_minor: '2400',
      payable_minor: '2400',
    });
    expect(done.payable).toEqual([{ currency: 'USD', minor: '2400' }]);

    // The statement's lines add up to its earnings exactly.
    const statement = await get(`/api/v1/finance/statements/${rows.get(payeeA)!.id}`);
    expect(statement.lines.reduce((n: bigint, l: Json) => n + BigInt(l.earnings_minor), 0n)).toBe(3600n);
    expect(statement.lines[0]).toMatchObject({
      track_title: 'Tidal Glass',
      isrc: ISRC,
      store: 'Spotify',
      territory: 'US',
    });

    expect((await api.post(label.headers, `/api/v1/finance/periods/${q1.id}/publish`)).statusCode).toBe(409);
    expect((await post(`/api/v1/finance/periods/${q1.id}/approve`)).status).toBe('approved');
    expect((await post(`/api/v1/finance/periods/${q1.id}/publish`)).status).toBe('published');
    // Locked: no run, no entry dated in it.
    expect((await api.post(label.headers, `/api/v1/finance/periods/${q1.id}/run`, {})).statusCode).toBe(409);
    const late = await api.post(label.headers, `/api/v1/finance/deals/${dealId}/ledger`, {
      kind: 'cost',
      payee_id: payeeA,
      amount: '10',
      currency: 'USD',
      entry_date: '2026-03-31',
      reason: 'Mastering',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.entry_date).toMatch(/published period/);
    // The ledger holds the period's earnings, dated its last day.
    const ledger = await get(`/api/v1/finance/deals/${dealId}/ledger`);
    expect(
      ledger.entries
        .filter((e: Json) => e.kind === 'earnings')
        .map((e: Json) => [e.payee_name, e.amount, e.entry_date, e.locked]),
    ).toEqual([
      ['Ada Wex Music', '36', '2026-03-31', true],
      ['Producer Co', '24', '2026-03-31', true],
    ]);
  });

  it('Q2: a EUR statement needs its rate; then the advance is recouped; a late import shows what changed', async () => {
    await api.importFile(
      label.headers,
      tableText([DISTROKID_HEADER, dk('2026-04', '100.00'), dk('2026-05', '140.00')]),
      'dk-2026q2.tsv',
    );
    const eur = await api.importFile(
      label.headers,
      tableText(
        [
          ['Periode', 'ISRC', 'Netto', 'Valuta'],
          ['06/2026', ISRC, '100,00', 'EUR'],
        ],
        ';',
      ),
      'eur.csv',
      {
        source: 'custom',
        mapping_name: 'Euro distributor',
        mapping: {
          columns: { sale_month: 'Periode', isrc: 'ISRC', net: 'Netto', currency: 'Valuta' },
          number_format: 'comma',
          date_format: 'auto',
          default_currency: null,
          default_sale_type: 'stream',
        },
      },
    );
    expect(eur.status).toBe('imported');
    q2 = await post('/api/v1/finance/periods', { month: '2026-04' }, 201);
    expect(q2.import_ids).toHaveLength(2);

    const refused = await run(q2.id);
    expect(refused.status).toBe('open');
    expect(refused.error).toBe(
      'No exchange rate from EUR to USD for 2026-Q2. Enter it under the period’s rates, then run again.',
    );
    expect(refused.statement_rows).toEqual([]);

    await put(`/api/v1/finance/periods/${q2.id}/rates`, { rates: [{ from: 'EUR', to: 'USD', rate: '1.1' }] });
    const done = await run(q2.id);
    const rows = byPayee(done);
    // USD 100 + 140 = 240.00, and EUR 100.00 × 1.1 = USD 110.00: receipts 350.00; 50 % = 175.00.
    // Ada 60 % = 105.00: opening -64.00 + 105.00 = 41.00 — the advance is recouped.
    expect(rows.get(payeeA)).toMatchObject({
      opening_minor: '-6400',
      earnings_minor: '10500',
      closing_minor: '4100',
      payable_minor: '4100',
    });
    // Producer 40 % = 70.00: 24.00 + 70.00 = 94.00.
    expect(rows.get(payeeB)).toMatchObject({
      opening_minor: '2400',
      earnings_minor: '7000',
      closing_minor: '9400',
    });

    // A late statement for June: 20.00 more receipts, 10.00 royalty: Ada +6.00, Producer +4.00.
    const late = await api.importFile(
      label.headers,
      tableText([DISTROKID_HEADER, dk('2026-06', '20.00')]),
      'late.tsv',
    );
    const again = await run(q2.id, { import_ids: [...q2.import_ids, late.id] });
    const after = byPayee(again);
    expect(after.get(payeeA)).toMatchObject({ earnings_minor: '11100', closing_minor: '4700' });
    expect(after.get(payeeA)!.changes).toEqual(
      expect.arrayContaining([
        { field: 'earnings_minor', before: '10500', after: '11100' },
        { field: 'closing_minor', before: '4100', after: '4700' },
      ]),
    );
    expect(after.get(payeeB)!.changes).toEqual(
      expect.arrayContaining([{ field: 'earnings_minor', before: '7000', after: '7400' }]),
    );

    // Another label's ids are not found.
    expect((await api.get(other.headers, `/api/v1/finance/periods/${q2.id}`)).statusCode).toBe(404);
    expect(
      (await api.get(other.headers, `/api/v1/finance/statements/${after.get(payeeA)!.id}`)).statusCode,
    ).toBe(404);
    expect((await api.post(other.headers, `/api/v1/finance/periods/${q2.id}/approve`)).statusCode).toBe(404);
  });

  it('Payments: who is owed after Q2 is published, payments recorded into the ledger, a bank CSV', async () => {
    expect((await post(`/api/v1/finance/periods/${q2.id}/approve`)).status).toBe('approved');
    expect((await post(`/api/v1/finance/periods/${q2.id}/publish`)).status).toBe('published');
    // Ada: 47.00 owed (closing of Q2); Producer: 24.00 + 74.00 = 98.00.
    const due = await get('/api/v1/finance/payments/due');
    expect(due.rows.map((r: Json) => [r.name, r.payable_minor, r.above_minimum, r.missing_details])).toEqual([
      ['Producer Co', '9800', true, true],
      ['Ada Wex Music', '4700', true, true],
    ]);
    expect(due.totals).toEqual([{ currency: 'USD', minor: '14500' }]);

    const tooMuch = await api.post(label.headers, '/api/v1/finance/payments', {
      items: [
        {
          payee_id: payeeB,
          amount: '100',
          currency: 'USD',
          paid_on: '2026-07-15',
          reference: 'Q2 royalties',
        },
      ],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields['items.0.amount']).toBe(
      'More than is owed (USD 98.00). Record at most what the statements owe.',
    );
    const wrongCurrency = await api.post(label.headers, '/api/v1/finance/payments', {
      items: [{ payee_id: payeeB, amount: '10', currency: 'EUR', paid_on: '2026-07-15', reference: 'Q2' }],
    });
    expect(wrongCurrency.statusCode).toBe(400);

    // The bank file first (admins), with what is owed now.
    const csv = await api.post(label.headers, '/api/v1/finance/payments/bank-csv', {
      payee_ids: [payeeB, payeeA],
      reference: 'Royalties 2026-Q2',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .filter(Boolean),
    ).toEqual([
      'Payee,Method,Account details,Amount,Currency,Reference',
      'Producer Co,,,98,USD,Royalties 2026-Q2',
      'Ada Wex Music,,,47,USD,Royalties 2026-Q2',
    ]);

    const paid = await post(
      '/api/v1/finance/payments',
      {
        items: [
          {
            payee_id: payeeB,
            amount: '98.00',
            currency: 'USD',
            paid_on: '2026-07-15',
            reference: 'Q2 royalties',
          },
          {
            payee_id: payeeA,
            amount: '20',
            currency: 'USD',
            paid_on: '2026-07-15',
            reference: 'Q2 part payment',
          },
        ],
      },
      201,
    );
    expect(paid).toEqual({ payments: 2 });
    const after = await get('/api/v1/finance/payments/due');
    // Ada: 47.00 - 20.00 = 27.00 still owed; Producer paid in full.
    expect(after.rows.map((r: Json) => [r.name, r.payable_minor])).toEqual([['Ada Wex Music', '2700']]);
    const history = await get('/api/v1/finance/payments');
    expect(history.rows.map((r: Json) => [r.payee_name, r.amount, r.reference])).toEqual(
      expect.arrayContaining([
        ['Producer Co', '98.00', 'Q2 royalties'],
        ['Ada Wex Music', '20', 'Q2 part payment'],
      ]),
    );
    const ledger = await get(`/api/v1/finance/deals/${dealId}/ledger`);
    expect(
      ledger.entries.filter((e: Json) => e.kind === 'payment').map((e: Json) => [e.payee_name, e.amount]),
    ).toEqual([
      ['Ada Wex Music', '20'],
      ['Producer Co', '98'],
    ]);
    // Another label sees none of it.
    expect((await get('/api/v1/finance/payments', other)).total).toBe(0);

    // Ada's account, as Artists & Writers shows it.
    const account = await get(`/api/v1/finance/payees/${payeeA}/account`);
    expect(account).toMatchObject({ name: 'Ada Wex Music', balance_minor: '2700', payable_minor: '2700' });
    expect(account.statements.map((st: Json) => [st.period_name, st.status, st.closing_minor])).toEqual([
      ['2026-Q2', 'published', '4700'],
      ['2026-Q1', 'published', '-6400'],
    ]);
    expect(account.payments.map((pm: Json) => pm.amount)).toEqual(['20']);
    expect((await api.get(other.headers, `/api/v1/finance/payees/${payeeA}/account`)).statusCode).toBe(404);
  });

  it('reassigning an identifier moves its lines only in months no published period holds', async () => {
    const org = label.organization.id;
    const [first, second] = await server.database.withOrg(org, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`insert into recordings (organization_id, title, display_artist, origin)
            values (${org}, 'Tidal Glass (Live)', 'Ada Wex', 'manual'), (${org}, 'Tidal Glass (Edit)', 'Ada Wex', 'manual')
            returning id`,
      ),
    );
    const unknown = 'GBWEX2600099';
    const row = (month: string) => [
      `${month}-28`,
      month,
      'Deezer',
      'Ada Wex',
      'Tidal Glass (Live)',
      unknown,
      '',
      '5',
      '100%',
      'Song',
      'FR',
      '0',
      '1.00',
    ];
    await api.importFile(
      label.headers,
      tableText([DISTROKID_HEADER, row('2026-02'), row('2026-07')]),
      'live.tsv',
    );
    const resolve = (recording: string) =>
      post('/api/v1/finance/unmatched/resolve', {
        items: [
          { source: 'distrokid', identifier_kind: 'isrc', identifier: unknown, recording_id: recording },
        ],
      });
    // Unmatched lines take the alias in any month (February is in the published Q1).
    expect(await resolve(first!.id)).toEqual({ aliases: 1, lines: 2 });
    // A reassignment moves July's line only: February's belongs to a locked period.
    expect(await resolve(second!.id)).toEqual({ aliases: 1, lines: 1 });
  });
});
