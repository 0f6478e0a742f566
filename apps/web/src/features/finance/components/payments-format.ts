/** What the Payments tab and the summary work out from what is owed: selections, totals, amounts as typed. */
import { currencyExponent, fromScaled, isCurrency } from '@music-review/core/money';
import type { DealDto } from '../accounting-types';
import type { MinorAmountDto, PaymentDueDto } from '../payments-types';
import { minorOf } from './accounting-format';

/** Whom a payment run pays unless the member says otherwise: above the minimum payout, with details to pay them. */
export const isPaidByDefault = (row: PaymentDueDto) => row.above_minimum && !row.missing_details;

export const defaultSelection = (rows: readonly PaymentDueDto[]): ReadonlySet<string> =>
  new Set(rows.filter(isPaidByDefault).map((row) => row.payee_id));

/** Minor-unit amounts added up per currency (never across them), currencies in alphabetical order. */
export function totalsByCurrency(amounts: Iterable<{ currency: string; minor: bigint }>): MinorAmountDto[] {
  const totals = new Map<string, bigint>();
  for (const { currency, minor } of amounts) totals.set(currency, (totals.get(currency) ?? 0n) + minor);
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => ({ currency, minor: minor.toString() }));
}

/** What the chosen payees are owed, per currency. */
export const selectionTotals = (rows: readonly PaymentDueDto[], selected: ReadonlySet<string>) =>
  totalsByCurrency(
    rows
      .filter((row) => selected.has(row.payee_id))
      .map((row) => ({ currency: row.currency, minor: minorOf(row.payable_minor) ?? 0n })),
  );

/**
 * What advances and costs still wait to be recouped, per currency: every payee's negative balance
 * on every contract, as a positive amount.
 */
export const unrecoupedTotals = (deals: readonly Pick<DealDto, 'balances'>[]) =>
  totalsByCurrency(
    deals
      .flatMap((deal) => deal.balances)
      .map((balance) => ({ currency: balance.currency, minor: minorOf(balance.balance_minor) ?? 0n }))
      .filter((balance) => balance.minor < 0n)
      .map((balance) => ({ currency: balance.currency, minor: -balance.minor })),
  );

/**
 * Minor units as the amount field shows them, exact: "123450" USD -> "1234.50", "1500" JPY -> "1500".
 * Always the currency's decimals, so the owed amount reads as money; '' when it cannot be read.
 */
export function amountInputOf(minor: string, currency: string): string {
  const units = minorOf(minor);
  if (units === null || !isCurrency(currency)) return '';
  const exponent = currencyExponent(currency);
  const text = fromScaled(units, exponent);
  if (exponent === 0) return text;
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(exponent, '0')}`;
}
