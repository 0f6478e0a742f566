import { describe, expect, it } from 'vitest';
import { allocateToMinor, fromScaled, multiplyDecimals, sumDecimals } from './money.ts';
import {
  allocateUnitsToMinor,
  computePeriod,
  type DealSummary,
  diffStatements,
  type EngineDeal,
  type EngineEntry,
  type EngineInput,
  type EngineReceipt,
  type PayeeStatement,
  parseStatement,
  recoupForecast,
  type SerializedStatement,
  type StatementLine,
  serializeStatement,
} from './royalty-engine.ts';

// Worked examples: each expectation's figures are computed by hand in the comment above it.
// Amounts in minor units (cents, or yen for JPY) unless written with a currency.

function deal(over: Partial<EngineDeal> & { id: string }): EngineDeal {
  return {
    name: `Contract ${over.id}`,
    kind: 'royalty',
    basis: 'net',
    default_rate: '50',
    rates: [],
    profit_share: null,
    reserve_rate: '0',
    cross_collateral_group: null,
    recording_ids: ['rec-1'],
    payees: [{ payee_id: 'artist', share: '100' }],
    ...over,
  };
}

function receipt(over: Partial<EngineReceipt>): EngineReceipt {
  return {
    recording_id: 'rec-1',
    release_id: 'rel-1',
    sale_type: 'stream',
    territory: 'GB',
    store: 'Spotify',
    currency: 'USD',
    quantity: 1,
    net: '0',
    gross: null,
    ...over,
  };
}

function entry(over: Partial<EngineEntry> & Pick<EngineEntry, 'kind' | 'amount'>): EngineEntry {
  return { deal_id: 'd1', payee_id: null, currency: 'USD', recoupable: true, ...over };
}

function input(over: Partial<EngineInput>): EngineInput {
  return {
    period: { id: 'p1', start: '2024-01', end: '2024-03' },
    deals: [deal({ id: 'd1' })],
    payees: [{ id: 'artist', name: 'The Artist', currency: 'USD' }],
    receipts: [],
    rates: [],
    openings: [],
    reserves_to_release: [],
    entries: [],
    ...over,
  };
}

/** Runs the period and checks what every statement promises, whatever the example. */
function run(engineInput: EngineInput) {
  const result = computePeriod(engineInput);
  for (const statement of result.statements) expectConsistent(statement);
  return result;
}

function expectConsistent(statement: PayeeStatement): void {
  type Figures = Pick<
    DealSummary,
    | 'opening_minor'
    | 'earnings_minor'
    | 'reserves_released_minor'
    | 'adjustments_minor'
    | 'advances_minor'
    | 'costs_minor'
    | 'reserves_held_minor'
    | 'payments_minor'
  >;
  const closingOf = (s: Figures, cross: bigint) =>
    s.opening_minor +
    s.earnings_minor +
    s.reserves_released_minor +
    s.adjustments_minor +
    cross -
    s.advances_minor -
    s.costs_minor -
    s.reserves_held_minor -
    s.payments_minor;
  let cross = 0n;
  for (const summary of statement.deals) {
    const lines = statement.lines.filter((line) => line.deal_id === summary.deal_id);
    expect(lines.reduce((sum, line) => sum + line.earnings_minor, 0n) - summary.pool_costs_minor).toBe(
      summary.earnings_minor,
    );
    expect(closingOf(summary, summary.cross_collateral_minor)).toBe(summary.closing_minor);
    expect(summary.payable_minor).toBe(summary.closing_minor > 0n ? summary.closing_minor : 0n);
    cross += summary.cross_collateral_minor;
  }
  expect(cross).toBe(0n);
  // The payee's totals add up the same way (the moves between deals cancel out).
  expect(closingOf(statement, 0n)).toBe(statement.closing_minor);
  const total = (field: keyof DealSummary & `${string}_minor`) =>
    statement.deals.reduce((sum, s) => sum + s[field], 0n);
  expect(statement.earnings_minor).toBe(total('earnings_minor'));
  expect(statement.closing_minor).toBe(total('closing_minor'));
  expect(statement.payable_minor).toBe(total('payable_minor'));
}

function only(result: ReturnType<typeof computePeriod>, payeeId = 'artist'): PayeeStatement {
  const statement = result.statements.find((s) => s.payee_id === payeeId);
  if (!statement) throw new Error(`No statement for ${payeeId}`);
  return statement;
}

function dealOf(statement: PayeeStatement, dealId: string): DealSummary {
  const summary = statement.deals.find((s) => s.deal_id === dealId);
  if (!summary) throw new Error(`No deal ${dealId}`);
  return summary;
}

describe('the issue’s worked examples', () => {
  it('recoups an advance across two periods', () => {
    const first = run(
      input({
        entries: [entry({ kind: 'advance', amount: '1000' })],
        receipts: [
          receipt({ sale_type: 'stream', net: '1200' }),
          receipt({ sale_type: 'download', store: 'iTunes', net: '300' }),
        ],
      }),
    );
    const p1 = only(first);
    // Earnings 50 % of (1,200.00 + 300.00) = 750.00; closing 0 + 750.00 - 1,000.00 advance = -250.00.
    expect(p1).toMatchObject({
      opening_minor: 0n,
      earnings_minor: 75000n,
      advances_minor: 100000n,
      closing_minor: -25000n,
      payable_minor: 0n,
    });
    // At 750.00 a period, the 250.00 left recoups within the next one.
    expect(recoupForecast(p1.closing_minor, [p1.earnings_minor])).toBe(1);

    const second = only(
      run(
        input({
          period: { id: 'p2', start: '2024-04', end: '2024-06' },
          openings: [{ deal_id: 'd1', payee_id: 'artist', balance_minor: p1.closing_minor }],
          receipts: [receipt({ net: '700.37' })],
        }),
      ),
    );
    // Earnings 50 % of 700.37 = 350.185, half to even -> 350.18 (18.5 cents go to the even 18);
    // closing -250.00 + 350.18 = 100.18, all payable: the advance is recouped.
    expect(second).toMatchObject({
      opening_minor: -25000n,
      earnings_minor: 35018n,
      closing_minor: 10018n,
      payable_minor: 10018n,
    });
  });

  it('splits a 50 % net deal 60/40 between two payees, each rounded on their own statement', () => {
    const result = run(
      input({
        deals: [
          deal({
            id: 'd1',
            payees: [
              { payee_id: 'artist', share: '60' },
              { payee_id: 'producer', share: '40' },
            ],
          }),
        ],
        payees: [
          { id: 'artist', name: 'The Artist', currency: 'USD' },
          { id: 'producer', name: 'The Producer', currency: 'USD' },
        ],
        receipts: [receipt({ net: '123.45' })],
        entries: [entry({ kind: 'advance', amount: '100.01' })],
      }),
    );
    const artist = only(result, 'artist');
    const producer = only(result, 'producer');
    // Artist: 123.45 x 50 % x 60 % = 37.035 -> 37.04 (3,703.5 cents, half to the even 3,704).
    // Producer: 123.45 x 50 % x 40 % = 24.69.
    expect(artist.earnings_minor).toBe(3704n);
    expect(producer.earnings_minor).toBe(2469n);
    // The advance 100.01 split 60/40 = 60.006 and 40.004: rounded down to 60.00 and 40.00, the one cent
    // left goes to the larger remainder (0.006, the artist): 60.01 and 40.00, summing to 100.01.
    expect(artist.advances_minor).toBe(6001n);
    expect(producer.advances_minor).toBe(4000n);
    // Closings: 37.04 - 60.01 = -22.97; 24.69 - 40.00 = -15.31.
    expect(artist.closing_minor).toBe(-2297n);
    expect(producer.closing_minor).toBe(-1531n);
    expect(artist.lines[0]).toMatchObject({
      receipts: '123.45',
      rate: '50',
      share: '60',
      earnings_minor: 3704n,
    });
  });

  it('pays a profit share of receipts less recoupable costs, without charging the costs again', () => {
    const result = run(
      input({
        deals: [
          deal({
            id: 'd1',
            kind: 'profit_share',
            profit_share: '50',
            payees: [
              { payee_id: 'artist', share: '50' },
              { payee_id: 'producer', share: '50' },
            ],
          }),
        ],
        payees: [
          { id: 'artist', name: 'The Artist', currency: 'USD' },
          { id: 'producer', name: 'The Producer', currency: 'USD' },
        ],
        receipts: [
          receipt({ net: '800' }),
          receipt({ sale_type: 'physical', store: 'Bandcamp', net: '400', gross: '999' }),
        ],
        entries: [
          entry({ kind: 'cost', amount: '300' }), // video, recoupable
          entry({ kind: 'cost', amount: '1000', recoupable: false }), // label overheads: the label's own
        ],
      }),
    );
    for (const payee of ['artist', 'producer']) {
      const statement = only(result, payee);
      const summary = dealOf(statement, 'd1');
      // Pool = 800.00 + 400.00 net (a profit share is of net: the gross is ignored) - 300.00 = 900.00;
      // each payee: 900.00 x 50 % x 50 % = 225.00.
      expect(summary).toMatchObject({ pool: '900', pool_costs: '300', earnings_minor: 22500n });
      // Lines: 800.00 x 25 % = 200.00 and 400.00 x 25 % = 100.00; the payee's part of the costs,
      // 300.00 x 25 % = 75.00, is out of the earnings (300.00 - 75.00 = 225.00), not charged as a cost.
      expect(statement.lines.map((line) => line.earnings_minor)).toEqual([10000n, 20000n]);
      expect(summary.pool_costs_minor).toBe(7500n);
      expect(summary.costs_minor).toBe(0n);
      expect(summary.closing_minor).toBe(22500n);
    }
  });

  it('gives a profit share with costs above receipts negative earnings, carried in the balance', () => {
    const statement = only(
      run(
        input({
          deals: [deal({ id: 'd1', kind: 'profit_share', profit_share: '50' })],
          receipts: [receipt({ net: '200' })],
          // A cost naming the payee is still the deal's cost: it comes out of the pool.
          entries: [entry({ kind: 'cost', amount: '500', payee_id: 'artist' })],
        }),
      ),
    );
    // Pool = 200.00 - 500.00 = -300.00; the artist's 100 % of a 50 % share: -150.00.
    expect(dealOf(statement, 'd1')).toMatchObject({ pool: '-300', earnings_minor: -15000n, costs_minor: 0n });
    expect(statement).toMatchObject({ closing_minor: -15000n, payable_minor: 0n });
  });

  it('holds a reserve on physical earnings and releases it the next period', () => {
    const reserveDeal = deal({ id: 'd1', reserve_rate: '12.5' });
    const first = only(
      run(
        input({
          deals: [reserveDeal],
          receipts: [
            receipt({ sale_type: 'physical', store: 'HMV', quantity: 20, net: '200.20' }),
            receipt({ sale_type: 'stream', net: '200' }),
          ],
        }),
      ),
    );
    // Earnings: 200.20 x 50 % = 100.10 physical + 200.00 x 50 % = 100.00 stream = 200.10.
    // Reserve: 100.10 x 12.5 % = 12.5125 -> 12.51 held (only physical earnings).
    // Closing: 200.10 - 12.51 = 187.59.
    expect(first).toMatchObject({
      earnings_minor: 20010n,
      reserves_held_minor: 1251n,
      closing_minor: 18759n,
    });

    const second = only(
      run(
        input({
          deals: [reserveDeal],
          openings: [{ deal_id: 'd1', payee_id: 'artist', balance_minor: first.closing_minor }],
          reserves_to_release: [
            { deal_id: 'd1', payee_id: 'artist', amount_minor: first.reserves_held_minor },
          ],
          entries: [entry({ kind: 'payment', amount: '187.59', payee_id: 'artist' })],
          receipts: [receipt({ sale_type: 'physical', store: 'HMV', quantity: -2, net: '-20.02' })],
        }),
      ),
    );
    // Returns: -20.02 x 50 % = -10.01 physical earnings; nothing is held on a negative (0.00).
    // Closing: 187.59 opening - 10.01 + 12.51 released - 187.59 paid = 2.50.
    expect(second).toMatchObject({
      earnings_minor: -1001n,
      reserves_held_minor: 0n,
      reserves_released_minor: 1251n,
      payments_minor: 18759n,
      closing_minor: 250n,
      payable_minor: 250n,
    });
  });

  it('moves a positive balance onto an unrecouped contract of the same cross-collateral group', () => {
    const group = 'artist-x';
    const result = run(
      input({
        deals: [
          deal({ id: 'a-album1', cross_collateral_group: group, recording_ids: ['rec-a'] }),
          deal({ id: 'b-album2', cross_collateral_group: group, recording_ids: ['rec-b'] }),
          deal({ id: 'c-ep', cross_collateral_group: group, recording_ids: ['rec-c'] }),
          deal({ id: 'd-single', recording_ids: ['rec-d'] }),
          deal({ id: 'e-remix', recording_ids: ['rec-e'] }),
          // Another payee's deal in a group of the same name: balances never cross payees.
          deal({
            id: 'f-feature',
            cross_collateral_group: group,
            recording_ids: ['rec-f'],
            payees: [{ payee_id: 'guest', share: '100' }],
          }),
        ],
        payees: [
          { id: 'artist', name: 'The Artist', currency: 'USD' },
          { id: 'guest', name: 'The Guest', currency: 'USD' },
        ],
        openings: [
          { deal_id: 'a-album1', payee_id: 'artist', balance_minor: -50000n },
          { deal_id: 'c-ep', payee_id: 'artist', balance_minor: -10000n },
          { deal_id: 'd-single', payee_id: 'artist', balance_minor: -100000n },
        ],
        receipts: [
          receipt({ recording_id: 'rec-b', net: '1600' }),
          receipt({ recording_id: 'rec-d', net: '80' }),
          receipt({ recording_id: 'rec-e', net: '50' }),
          receipt({ recording_id: 'rec-f', net: '200' }),
        ],
      }),
    );
    const artist = only(result, 'artist');
    // Before the moves: album1 -500.00, album2 +800.00 (1,600.00 x 50 %), ep -100.00,
    // single -1,000.00 + 40.00 = -960.00, remix +25.00.
    // album2's 800.00 goes to the largest deficit first: 500.00 to album1, then 100.00 to the ep;
    // 200.00 stays. The single and the remix are in no group and keep their balances.
    expect(
      artist.deals.map((s) => [s.deal_id, s.cross_collateral_minor, s.closing_minor, s.payable_minor]),
    ).toEqual([
      ['a-album1', 50000n, 0n, 0n],
      ['b-album2', -60000n, 20000n, 20000n],
      ['c-ep', 10000n, 0n, 0n],
      ['d-single', 0n, -96000n, 0n],
      ['e-remix', 0n, 2500n, 2500n],
    ]);
    // Payable 200.00 + 25.00 = 225.00: the single's unrecouped 960.00 does not hold back the remix's
    // 25.00 (not cross-collateralised); the closing total is -735.00.
    expect(artist).toMatchObject({ closing_minor: -73500n, payable_minor: 22500n });
    // The guest's 100.00 stays the guest's.
    expect(only(result, 'guest')).toMatchObject({ closing_minor: 10000n, payable_minor: 10000n });
  });

  it('leaves the rest unrecouped when the group’s surplus is smaller than its deficits', () => {
    const statement = only(
      run(
        input({
          deals: [
            deal({ id: 'd1', cross_collateral_group: 'g', recording_ids: ['rec-1'] }),
            deal({ id: 'd2', cross_collateral_group: 'g', recording_ids: ['rec-2'] }),
            deal({ id: 'd3', cross_collateral_group: 'g', recording_ids: ['rec-3'] }),
          ],
          openings: [
            { deal_id: 'd2', payee_id: 'artist', balance_minor: -20000n },
            { deal_id: 'd3', payee_id: 'artist', balance_minor: -30000n },
          ],
          receipts: [receipt({ recording_id: 'rec-1', net: '500' })],
        }),
      ),
    );
    // d1 +250.00 goes first to d3 (-300.00, the largest deficit): d3 -50.00; d2 keeps -200.00.
    expect(statement.deals.map((s) => [s.cross_collateral_minor, s.closing_minor])).toEqual([
      [-25000n, 0n],
      [0n, -20000n],
      [25000n, -5000n],
    ]);
    expect(statement.payable_minor).toBe(0n);
  });

  it('converts receipts and entries into the payee’s currency at the period’s rates, exactly', () => {
    const statement = only(
      run(
        input({
          receipts: [
            receipt({ territory: 'DE', currency: 'EUR', net: '100' }),
            receipt({ territory: 'GB', currency: 'GBP', net: '50' }),
          ],
          rates: [
            { from: 'EUR', to: 'USD', rate: '1.0856' },
            { from: 'GBP', to: 'USD', rate: '1.2719' },
            { from: 'SEK', to: 'USD', rate: '0.0952' }, // unused
          ],
          entries: [entry({ kind: 'advance', amount: '100', currency: 'GBP' })],
        }),
      ),
    );
    // EUR 100.00 x 1.0856 = USD 108.56, x 50 % = 54.28.
    // GBP 50.00 x 1.2719 = USD 63.595, x 50 % = 31.7975.
    // Total 86.0775 -> 86.08; lines rounded down 54.28 + 31.79 = 86.07, the cent left goes to the
    // larger remainder (0.0075): 31.80.
    expect(statement.lines.map((line) => [line.territory, line.receipts, line.earnings_minor])).toEqual([
      ['DE', '108.56', 5428n],
      ['GB', '63.595', 3180n],
    ]);
    expect(statement.earnings_minor).toBe(8608n);
    // Advance GBP 100.00 x 1.2719 = USD 127.19; closing 86.08 - 127.19 = -41.11.
    expect(statement.advances_minor).toBe(12719n);
    expect(statement.closing_minor).toBe(-4111n);
  });

  it('shows what a re-run after a late import changed', () => {
    const base = input({
      deals: [
        deal({ id: 'd1' }),
        deal({ id: 'd2', recording_ids: ['rec-2'], payees: [{ payee_id: 'remixer', share: '100' }] }),
      ],
      payees: [
        { id: 'artist', name: 'The Artist', currency: 'USD' },
        { id: 'remixer', name: 'The Remixer', currency: 'USD' },
      ],
      openings: [{ deal_id: 'd1', payee_id: 'artist', balance_minor: -5000n }],
      receipts: [receipt({ net: '100' })],
    });
    const before = run(base).statements;
    // The late import adds 60.00 on rec-1 (Apple) and the first sales of the remix, rec-2.
    const lateReceipts = [
      ...base.receipts,
      receipt({ store: 'Apple Music', net: '60' }),
      receipt({ recording_id: 'rec-2', net: '10' }),
    ];
    const after = run({ ...base, receipts: lateReceipts }).statements;
    const diff = diffStatements(before, after);
    // Artist: earnings 50.00 -> 80.00 (+30.00 of the 60.00); closing -50.00 + 50.00 = 0.00 -> 30.00;
    // payable 0.00 -> 30.00. The remixer's deal has a ledger in both runs (the deal lists them), so
    // they are not "added": earnings 0.00 -> 5.00.
    expect(diff).toEqual([
      {
        payee_id: 'artist',
        added: false,
        removed: false,
        changes: [
          { field: 'earnings_minor', before: 5000n, after: 8000n },
          { field: 'closing_minor', before: 0n, after: 3000n },
          { field: 'payable_minor', before: 0n, after: 3000n },
          { field: 'deals[d1].earnings_minor', before: 5000n, after: 8000n },
          { field: 'deals[d1].closing_minor', before: 0n, after: 3000n },
          { field: 'deals[d1].payable_minor', before: 0n, after: 3000n },
        ],
      },
      {
        payee_id: 'remixer',
        added: false,
        removed: false,
        changes: [
          { field: 'earnings_minor', before: 0n, after: 500n },
          { field: 'closing_minor', before: 0n, after: 500n },
          { field: 'payable_minor', before: 0n, after: 500n },
          { field: 'deals[d2].earnings_minor', before: 0n, after: 500n },
          { field: 'deals[d2].closing_minor', before: 0n, after: 500n },
          { field: 'deals[d2].payable_minor', before: 0n, after: 500n },
        ],
      },
    ]);
    // The same receipts again, in another order, change nothing.
    expect(diffStatements(after, run({ ...base, receipts: [...lateReceipts].reverse() }).statements)).toEqual(
      [],
    );
  });

  it('marks a payee only in one run as added or removed', () => {
    const withRemixer = input({
      deals: [deal({ id: 'd2', payees: [{ payee_id: 'remixer', share: '100' }] })],
      payees: [{ id: 'remixer', name: 'The Remixer', currency: 'USD' }],
      receipts: [receipt({ net: '3' })],
    });
    const after = run(withRemixer).statements;
    // 3.00 x 50 % = 1.50 for the new payee; compared with nothing (0).
    expect(diffStatements([], after)).toEqual([
      {
        payee_id: 'remixer',
        added: true,
        removed: false,
        changes: [
          { field: 'earnings_minor', before: 0n, after: 150n },
          { field: 'closing_minor', before: 0n, after: 150n },
          { field: 'payable_minor', before: 0n, after: 150n },
          { field: 'deals[d2].earnings_minor', before: 0n, after: 150n },
          { field: 'deals[d2].closing_minor', before: 0n, after: 150n },
          { field: 'deals[d2].payable_minor', before: 0n, after: 150n },
        ],
      },
    ]);
    expect(diffStatements(after, [])[0]).toMatchObject({ payee_id: 'remixer', added: false, removed: true });
  });
});

describe('more worked examples', () => {
  it('pays a JPY payee in whole yen', () => {
    const statement = only(
      run(
        input({
          payees: [{ id: 'artist', name: 'The Artist', currency: 'JPY' }],
          receipts: [receipt({ territory: 'JP', net: '10.01' }), receipt({ territory: 'US', net: '0.99' })],
          rates: [{ from: 'USD', to: 'JPY', rate: '151.37' }],
          entries: [entry({ kind: 'advance', amount: '500.5', currency: 'JPY', payee_id: 'artist' })],
        }),
      ),
    );
    // USD 10.01 x 151.37 = ¥1,515.2137, x 50 % = 757.60685;
    // USD 0.99 x 151.37 = ¥149.8563, x 50 % = 74.92815. Total 832.535 -> ¥833.
    // Rounded down: 757 + 74 = 831; the two yen left go one to each line: 758 and 75.
    expect(statement.currency).toBe('JPY');
    expect(statement.lines.map((line) => line.earnings_minor)).toEqual([758n, 75n]);
    expect(statement.earnings_minor).toBe(833n);
    // Advance ¥500.5 -> 500 (half to even); closing 833 - 500 = ¥333.
    expect(statement.advances_minor).toBe(500n);
    expect(statement.closing_minor).toBe(333n);
  });

  it('counts a return (a negative receipt) against the sales', () => {
    const statement = only(
      run(
        input({
          receipts: [
            receipt({ sale_type: 'physical', store: 'Bandcamp', quantity: 2, net: '25.98' }),
            receipt({ sale_type: 'physical', store: 'HMV', quantity: -1, net: '-12.99' }),
          ],
        }),
      ),
    );
    // Bandcamp: 25.98 x 50 % = 12.99; HMV return: -12.99 x 50 % = -6.495. Total 6.495 -> 6.50
    // (649.5 cents, half to the even 650). Rounded down: 12.99 and -6.50 = 6.49; the cent left goes to
    // the return (remainder 0.005 against 0): -6.49.
    expect(statement.lines.map((line) => [line.store, line.quantity, line.earnings_minor])).toEqual([
      ['Bandcamp', 2, 1299n],
      ['HMV', -1, -649n],
    ]);
    expect(statement.earnings_minor).toBe(650n);
  });

  it('applies the most specific rate: sale type and territory, sale type, territory, default', () => {
    const statement = only(
      run(
        input({
          deals: [
            deal({
              id: 'd1',
              default_rate: '50',
              rates: [
                { sale_type: 'stream', territory: null, rate: '20' },
                { sale_type: null, territory: 'US', rate: '30' },
                { sale_type: 'download', territory: 'US', rate: '10' },
                { sale_type: 'stream', territory: 'JP', rate: '40' },
              ],
            }),
          ],
          receipts: [
            receipt({ sale_type: 'stream', territory: 'GB', net: '100' }),
            receipt({ sale_type: 'stream', territory: 'JP', net: '100' }),
            receipt({ sale_type: 'stream', territory: 'US', net: '100' }),
            receipt({ sale_type: 'download', territory: 'US', net: '100' }),
            receipt({ sale_type: 'download', territory: 'GB', net: '100' }),
            receipt({ sale_type: 'physical', territory: 'US', net: '100' }),
            receipt({ sale_type: 'sync', territory: null, net: '100' }),
          ],
        }),
      ),
    );
    // Each line 100.00: stream GB -> stream 20 %; stream JP -> stream+JP 40 %; stream US -> the sale
    // type (20 %) beats the territory (30 %); download US -> download+US 10 %; download GB -> default
    // 50 %; physical US -> territory 30 %; sync with no territory -> default 50 %.
    // Total 20 + 40 + 20 + 10 + 50 + 30 + 50 = 220.00.
    expect(
      statement.lines.map((line) => [line.sale_type, line.territory, line.rate, line.earnings_minor]),
    ).toEqual([
      // Sorted by territory (none first), then sale type.
      ['sync', null, '50', 5000n],
      ['download', 'GB', '50', 5000n],
      ['stream', 'GB', '20', 2000n],
      ['stream', 'JP', '40', 4000n],
      ['download', 'US', '10', 1000n],
      ['physical', 'US', '30', 3000n],
      ['stream', 'US', '20', 2000n],
    ]);
    expect(statement.earnings_minor).toBe(22000n);
  });

  it('takes the gross on a gross deal, and the net of a line without gross', () => {
    const statement = only(
      run(
        input({
          deals: [deal({ id: 'd1', basis: 'gross' })],
          receipts: [
            receipt({ store: 'A', net: '100', gross: '150' }),
            receipt({ store: 'B', net: '80', gross: null }),
          ],
        }),
      ),
    );
    // A: 50 % of the gross 150.00 = 75.00; B has no gross: 50 % of the net 80.00 = 40.00. Total 115.00.
    expect(statement.lines.map((line) => [line.receipts, line.earnings_minor])).toEqual([
      ['150', 7500n],
      ['80', 4000n],
    ]);
    expect(statement.earnings_minor).toBe(11500n);
  });

  it('allocates 1,000 tiny lines so that they sum exactly to the rounded total', () => {
    const receipts = Array.from({ length: 1000 }, (_, index) =>
      receipt({ store: `store-${String(index).padStart(4, '0')}`, net: '0.0123' }),
    );
    const statement = only(run(input({ receipts })));
    // Each line 0.0123 x 50 % = 0.00615 (0.615 cents); alone each would round to 1 cent, 10.00 in all.
    // Total 1,000 x 0.00615 = 6.15 exactly: 615 cents. Every line rounds down to 0 with the same
    // remainder, so the 615 cents go one each to the first 615 lines (ties: the earlier line).
    expect(statement.earnings_minor).toBe(615n);
    expect(statement.lines.reduce((sum, line) => sum + line.earnings_minor, 0n)).toBe(615n);
    expect(statement.lines.slice(0, 615).every((line) => line.earnings_minor === 1n)).toBe(true);
    expect(statement.lines.slice(615).every((line) => line.earnings_minor === 0n)).toBe(true);
  });

  it('lets every deal on a recording earn (an original and its remix)', () => {
    const result = run(
      input({
        deals: [
          deal({ id: 'original', default_rate: '15' }),
          deal({ id: 'remix', default_rate: '30', payees: [{ payee_id: 'remixer', share: '100' }] }),
        ],
        payees: [
          { id: 'artist', name: 'The Artist', currency: 'USD' },
          { id: 'remixer', name: 'The Remixer', currency: 'USD' },
        ],
        receipts: [receipt({ net: '200' })],
      }),
    );
    // 200.00 x 15 % = 30.00 to the original artist; 200.00 x 30 % = 60.00 to the remixer.
    expect(only(result, 'artist').earnings_minor).toBe(3000n);
    expect(only(result, 'remixer').earnings_minor).toBe(6000n);
  });

  it('merges one line’s receipts in several currencies', () => {
    const statement = only(
      run(
        input({
          receipts: [
            receipt({ currency: 'USD', quantity: 3, net: '10' }),
            receipt({ currency: 'EUR', quantity: 2, net: '10' }),
          ],
          rates: [{ from: 'EUR', to: 'USD', rate: '1.1' }],
        }),
      ),
    );
    // USD 10.00 + EUR 10.00 x 1.1 = 21.00 received, 5 units; earnings 10.50.
    expect(statement.lines).toHaveLength(1);
    expect(statement.lines[0]).toMatchObject({ quantity: 5, receipts: '21', earnings_minor: 1050n });
  });

  it('applies payments and signed adjustments; ignores non-recoupable costs; charges recoupable ones', () => {
    const statement = only(
      run(
        input({
          receipts: [receipt({ net: '100' })],
          entries: [
            entry({ kind: 'cost', amount: '12.34', payee_id: 'artist' }),
            entry({ kind: 'cost', amount: '999', recoupable: false, currency: 'SEK' }),
            entry({ kind: 'adjustment', amount: '-5.005', payee_id: 'artist' }),
            entry({ kind: 'adjustment', amount: '2.5' }),
            entry({ kind: 'payment', amount: '20' }),
          ],
        }),
      ),
    );
    // Earnings 50.00; recoupable cost 12.34; the SEK cost is the label's (and needs no rate);
    // adjustments -5.005 -> -5.00 (half to even) and +2.50: -2.50; payment 20.00.
    // Closing 50.00 - 12.34 - 2.50 - 20.00 = 15.16.
    expect(statement).toMatchObject({
      earnings_minor: 5000n,
      costs_minor: 1234n,
      adjustments_minor: -250n,
      payments_minor: 2000n,
      closing_minor: 1516n,
    });
  });
});

describe('what the run reports besides statements', () => {
  it('refuses a run whose currencies lack a rate, naming each pair once', () => {
    const result = computePeriod(
      input({
        deals: [deal({ id: 'd1', payees: [{ payee_id: 'artist', share: '100' }] })],
        payees: [{ id: 'artist', name: 'The Artist', currency: 'EUR' }],
        receipts: [
          receipt({ currency: 'SEK', net: '10' }),
          receipt({ currency: 'SEK', store: 'Tidal', net: '5' }),
          receipt({ currency: 'EUR', store: 'Deezer', net: '5' }),
        ],
        rates: [{ from: 'EUR', to: 'SEK', rate: '11.5' }], // the opposite pair is not used
        entries: [entry({ kind: 'advance', amount: '100', currency: 'USD' })],
      }),
    );
    expect(result.missing_rates).toEqual([
      { from: 'SEK', to: 'EUR' },
      { from: 'USD', to: 'EUR' },
    ]);
    expect(result.statements).toEqual([]);
  });

  it('sums the receipts of recordings under no deal per currency, exactly', () => {
    const result = run(
      input({
        receipts: [
          receipt({ recording_id: 'rec-none', net: '0.1' }),
          receipt({ recording_id: 'rec-none', store: 'Tidal', net: '0.2' }),
          receipt({ recording_id: 'rec-other', currency: 'EUR', net: '1.005' }),
          receipt({ net: '10' }),
        ],
      }),
    );
    // USD 0.1 + 0.2 = 0.3 exactly (no float); EUR 1.005 stays exact. The contracted 10.00 is not counted.
    expect(result.uncontracted).toEqual([
      { currency: 'EUR', net: '1.005' },
      { currency: 'USD', net: '0.3' },
    ]);
    expect(only(result).earnings_minor).toBe(500n);
  });

  it('gives the same statements whatever the order of its input', () => {
    const base = input({
      deals: [
        deal({ id: 'd1', recording_ids: ['rec-1', 'rec-2'], cross_collateral_group: 'g' }),
        deal({ id: 'd2', recording_ids: ['rec-3'], cross_collateral_group: 'g' }),
      ],
      openings: [{ deal_id: 'd2', payee_id: 'artist', balance_minor: -100n }],
      receipts: [
        receipt({ recording_id: 'rec-2', release_id: null, net: '1.111' }),
        receipt({ recording_id: 'rec-1', store: null, net: '2.222' }),
        receipt({ recording_id: 'rec-1', store: '', net: '3.333' }),
        receipt({ recording_id: 'rec-3', territory: 'FR', net: '4.444' }),
      ],
    });
    const reversed = {
      ...base,
      deals: [...base.deals].reverse(),
      receipts: [...base.receipts].reverse(),
    };
    expect(run(reversed)).toEqual(run(base));
    // A null store and an empty one are two lines; null sorts first.
    const lines = only(run(base)).lines;
    expect(lines.map((line) => [line.release_id, line.recording_id, line.store])).toEqual([
      [null, 'rec-2', 'Spotify'],
      ['rel-1', 'rec-1', null],
      ['rel-1', 'rec-1', ''],
      ['rel-1', 'rec-3', 'Spotify'],
    ]);
  });

  it('keeps statements through JSON storage', () => {
    const statement = only(
      run(
        input({
          deals: [deal({ id: 'd1', kind: 'profit_share', profit_share: '40' })],
          receipts: [receipt({ net: '12345678901234567.89' })],
          entries: [entry({ kind: 'cost', amount: '1' })],
        }),
      ),
    );
    const stored = JSON.parse(JSON.stringify(serializeStatement(statement))) as SerializedStatement;
    // (12,345,678,901,234,567.89 - 1.00) x 40 % = 4,938,271,560,493,826.756 -> ...826.76: beyond a
    // float's 2^53 (about 9.0 x 10^15) in cents, kept exact as text.
    expect(stored.earnings_minor).toBe('493827156049382676');
    expect(stored.lines[0]?.receipts).toBe('12345678901234567.89');
    expect(parseStatement(stored)).toEqual(statement);
    expect(() => parseStatement({ ...stored, closing_minor: '1.5' })).toThrow('closing_minor');
  });
});

describe('exactness of the bigint arithmetic', () => {
  /** A small deterministic generator (mulberry32): the same cases on every run. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('allocates units at a scale exactly as allocateToMinor allocates their decimal text', () => {
    const next = random(28);
    const int = (n: number) => Math.floor(next() * n);
    for (let round = 0; round < 3000; round++) {
      const currency = ['JPY', 'USD', 'KWD', 'CLF'][round % 4]!;
      const scale = int(12); // below, at and above the exponent (0, 2, 3, 4)
      // Mostly small parts, so that ties between remainders and several leftover units occur.
      const size = round % 3 === 0 ? 10n ** BigInt(int(30)) : BigInt(1 + int(1000));
      const parts = Array.from(
        { length: int(12) },
        () => (BigInt(int(2_000_000_000)) * size) / 1_000_000_000n - size,
      );
      const text = parts.map((units) => fromScaled(units, scale));
      expect(allocateUnitsToMinor(parts, scale, currency), `${text.join(' ')} ${currency}`).toEqual(
        allocateToMinor(text, currency),
      );
    }
  });

  it('gives each line the earnings of decimal arithmetic at the inputs’ many decimals', () => {
    // Receipts with up to 12 decimals in three currencies, rates of up to 10 decimals, shares of
    // 33.3333 %: a digit lost in the fixed scales would change a line or its rounding.
    const next = random(16);
    const int = (n: number) => Math.floor(next() * n);
    const decimal = (whole: number, decimals: number) =>
      `${next() < 0.1 ? '-' : ''}${int(whole)}.${String(int(10 ** decimals)).padStart(decimals, '0')}`;
    const rates = [
      { from: 'EUR', to: 'USD', rate: '1.0856123457' },
      { from: 'JPY', to: 'USD', rate: '0.0066063' },
    ];
    const receipts = Array.from({ length: 300 }, (_, index) =>
      receipt({
        recording_id: `rec-${index % 3}`,
        store: `store-${index % 50}`,
        currency: ['USD', 'EUR', 'JPY'][int(3)],
        net: decimal(1000, 1 + int(12)),
      }),
    );
    const result = run(
      input({
        deals: [
          deal({
            id: 'd1',
            default_rate: '17.125',
            rates: [{ sale_type: 'stream', territory: 'GB', rate: '12.3456' }],
            recording_ids: ['rec-0', 'rec-1', 'rec-2'],
            payees: [
              { payee_id: 'artist', share: '33.3333' },
              { payee_id: 'producer', share: '66.6667' },
            ],
          }),
        ],
        payees: [
          { id: 'artist', name: 'The Artist', currency: 'USD' },
          { id: 'producer', name: 'The Producer', currency: 'USD' },
        ],
        receipts,
        rates,
      }),
    );
    for (const statement of result.statements) {
      expect(statement.lines.length).toBe(150); // 3 recordings x 50 stores: the currencies merged
      // The same lines by money.ts's decimal strings: converted, summed, x rate% x share%.
      const expected = statement.lines.map((line) => {
        const amounts = receipts
          .filter((r) => r.recording_id === line.recording_id && r.store === line.store)
          .map((r) =>
            r.currency === 'USD'
              ? r.net
              : multiplyDecimals(r.net, rates.find((rate) => rate.from === r.currency)!.rate),
          );
        const basis = sumDecimals(amounts);
        return {
          basis,
          exact: multiplyDecimals(basis, multiplyDecimals(multiplyDecimals(line.rate, line.share), '0.0001')),
        };
      });
      expect(statement.lines.map((line) => line.receipts)).toEqual(expected.map((e) => e.basis));
      expect(statement.lines.map((line) => line.earnings_minor)).toEqual(
        allocateToMinor(
          expected.map((e) => e.exact),
          'USD',
        ),
      );
      expect(statement.lines[0]).toMatchObject({ rate: '12.3456' }); // stream GB: the specific rate
    }
  });

  it('orders many lines by release, recording, store, territory and sale type whatever the receipts’ order', () => {
    const next = random(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const receipts = Array.from({ length: 400 }, () =>
      receipt({
        recording_id: pick(['rec-1', 'rec-2', 'rec-10']),
        release_id: pick(['rel-b', 'rel-a', 'rel-B', null]),
        store: pick(['Spotify', 'spotify', '', null]),
        territory: pick(['GB', 'US', null]),
        sale_type: pick(['stream', 'download', 'physical'] as const),
        currency: pick(['USD', 'EUR']),
        net: '1.01',
      }),
    );
    const base = input({
      deals: [
        deal({ id: 'd-b', recording_ids: ['rec-1', 'rec-2', 'rec-10'] }),
        deal({ id: 'd-a', default_rate: '10', recording_ids: ['rec-2'] }),
      ],
      receipts,
      rates: [{ from: 'EUR', to: 'USD', rate: '1.1' }],
    });
    const { lines } = only(run(base));
    const code = (value: string | null) => (value === null ? '' : `\u0001${value}`);
    const sortKey = (line: StatementLine) =>
      [line.release_id, line.recording_id, line.store, line.territory, line.sale_type, line.deal_id]
        .map(code)
        .join('\u0000');
    const keys = lines.map(sortKey);
    // Sorted (null first, then by code unit: 'rel-B' before 'rel-a'), each key once per deal.
    expect(keys).toEqual([...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(
      400 + receipts.filter((r) => r.recording_id === 'rec-2').length,
    );
    expect(only(run({ ...base, receipts: [...receipts].reverse() }))).toEqual(only(run(base)));
  });
});

describe('recoupForecast', () => {
  it('counts the periods at the average of the last four', () => {
    // Last four 200.00, 300.00, 400.00, 500.00: average 350.00; 1,000.00 / 350.00 = 2.86 -> 3 periods.
    expect(recoupForecast(-100000n, [10000n, 20000n, 30000n, 40000n, 50000n])).toBe(3);
    // 700.00 / 350.00 = exactly 2.
    expect(recoupForecast(-70000n, [20000n, 30000n, 40000n, 50000n])).toBe(2);
    // Fewer periods known: their average. 600.00 / 300.00 = 2.
    expect(recoupForecast(-60000n, [30000n])).toBe(2);
    // A negative period lowers the average: (400 - 100) / 2 = 150.00; 1,000.00 / 150.00 = 6.67 -> 7.
    expect(recoupForecast(-100000n, [40000n, -10000n])).toBe(7);
  });

  it('has no forecast when recouped or when nothing is earned', () => {
    expect(recoupForecast(0n, [10000n])).toBeNull();
    expect(recoupForecast(500n, [10000n])).toBeNull();
    expect(recoupForecast(-500n, [])).toBeNull();
    expect(recoupForecast(-500n, [0n, 0n, 0n, 0n])).toBeNull();
    expect(recoupForecast(-500n, [100n, -300n])).toBeNull();
  });
});
