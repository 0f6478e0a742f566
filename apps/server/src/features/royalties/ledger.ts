/**
 * A contract's ledger read as balances (decision 0029). An amount is exact in its currency, which is
 * its payee's (the ledger never converts: receipts are converted when a period is run). A balance
 * above 0 is owed to the payee. Earnings, reserve releases, openings and adjustments (signed) and
 * cross-collateral moves (signed) add; advances, recoupable costs, payments and reserves held
 * subtract. An entry without a payee is split over the deal's payees by share, allocated to the
 * minor unit so the parts add up to the entry exactly.
 */
import { allocateToMinor, currencyExponent, multiplyDecimals, toScaled } from '@music-review/core/money';
import { recoupForecast } from '@music-review/core/royalty-engine';
import type { DealRow, EntryRow } from './deals.repo.ts';

const SUBTRACTS = new Set(['advance', 'cost', 'payment', 'reserve_held']);

/** How an entry moves the balance: 1, -1, or 0 (a cost that is not recoupable). */
export function signOf(entry: Pick<EntryRow, 'kind' | 'recoupable'>): bigint {
  if (entry.kind === 'cost' && !entry.recoupable) return 0n;
  return SUBTRACTS.has(entry.kind) ? -1n : 1n;
}

/** An entry per payee: its own payee's, or split by the deal's shares. */
export function splitEntry(
  deal: Pick<DealRow, 'payees'>,
  entry: Pick<EntryRow, 'payee_id' | 'amount' | 'currency'>,
): Array<{ payee_id: string; amount_minor: bigint }> {
  const total = toScaled(entry.amount, currencyExponent(entry.currency));
  if (entry.payee_id) return [{ payee_id: entry.payee_id, amount_minor: total }];
  const parts = deal.payees.map((p) => multiplyDecimals(entry.amount, multiplyDecimals(p.share, '0.01')));
  const minor = allocateToMinor(parts, entry.currency);
  return deal.payees.map((p, i) => ({ payee_id: p.payee_id, amount_minor: minor[i]! }));
}

export type PayeeBalance = {
  payee_id: string;
  name: string;
  currency: string;
  balance_minor: bigint;
  advances_minor: bigint;
  costs_minor: bigint;
  earnings_minor: bigint;
  recouped_minor: bigint;
  forecast_periods: number | null;
};

/** Each payee's balance of one deal, with its recoupment waterfall and forecast. */
export function dealBalances(deal: DealRow, entries: readonly EntryRow[]): PayeeBalance[] {
  const byPayee = new Map<string, PayeeBalance & { perPeriod: Map<string, bigint> }>();
  for (const p of deal.payees)
    byPayee.set(p.payee_id, {
      payee_id: p.payee_id,
      name: p.name,
      currency: p.currency,
      balance_minor: 0n,
      advances_minor: 0n,
      costs_minor: 0n,
      earnings_minor: 0n,
      recouped_minor: 0n,
      forecast_periods: null,
      perPeriod: new Map(),
    });
  for (const entry of entries) {
    if (entry.deal_id !== deal.id) continue;
    const sign = signOf(entry);
    for (const part of splitEntry(deal, entry)) {
      const b = byPayee.get(part.payee_id);
      if (!b) continue;
      const effect = part.amount_minor * sign;
      b.balance_minor += effect;
      if (entry.kind === 'advance') b.advances_minor += part.amount_minor;
      if (entry.kind === 'cost' && entry.recoupable) b.costs_minor += part.amount_minor;
      if (['earnings', 'reserve_released', 'reserve_held', 'cross_collateral'].includes(entry.kind)) {
        b.earnings_minor += effect;
        if (entry.kind === 'earnings' && entry.period_id)
          b.perPeriod.set(entry.period_id, (b.perPeriod.get(entry.period_id) ?? 0n) + effect);
      }
    }
  }
  return [...byPayee.values()].map(({ perPeriod, ...b }) => {
    const charges = b.advances_minor + b.costs_minor;
    const credits = b.earnings_minor > 0n ? b.earnings_minor : 0n;
    const recouped = credits < charges ? credits : charges;
    return {
      ...b,
      recouped_minor: recouped,
      forecast_periods:
        b.balance_minor < 0n ? recoupForecast(b.balance_minor, [...perPeriod.values()].slice(-4)) : null,
    };
  });
}
