/** How the Contracts and Statements tabs show minor-unit amounts, balances, rates and changes. */
import { formatMinor, isCurrency } from '@music-review/core/money';
import type { SaleType } from '@music-review/core/royalty-sources';
import type { DealDto, PayeeBalanceDto, StatementChangeDto } from '../accounting-types';
import { countLabel } from './format';

/** A count of minor units as text (the API sends bigints as strings), or null when it is not one. */
export function minorOf(text: string): bigint | null {
  return /^-?\d+$/.test(text) ? BigInt(text) : null;
}

/**
 * Minor units for people: "1250" USD -> "USD 12.50". Exact: the text becomes a bigint, never a float.
 * An amount or currency the client does not know shows as sent rather than hiding it.
 */
export function formatMinorText(minor: string | bigint, currency: string): string {
  const units = typeof minor === 'bigint' ? minor : minorOf(minor);
  if (units === null || !isCurrency(currency)) return `${currency} ${String(minor)} (minor units)`;
  return formatMinor(units, currency);
}

/** The sum of several minor-unit amounts, exact. */
export const sumMinor = (...values: readonly string[]) =>
  values.reduce((total, value) => total + (minorOf(value) ?? 0n), 0n);

/** Reserves held less reserves released: what reserves take off the closing balance. */
export const netReserves = (figures: { reserves_held_minor: string; reserves_released_minor: string }) =>
  (minorOf(figures.reserves_held_minor) ?? 0n) - (minorOf(figures.reserves_released_minor) ?? 0n);

/** A payee's balance in words: "Unrecouped USD 1,250.00", "Owed USD 12.40" or "Nothing owed". */
export function balanceText(balance: Pick<PayeeBalanceDto, 'balance_minor' | 'currency'>): string {
  const units = minorOf(balance.balance_minor) ?? 0n;
  if (units < 0n) return `Unrecouped ${formatMinorText(-units, balance.currency)}`;
  if (units > 0n) return `Owed ${formatMinorText(units, balance.currency)}`;
  return 'Nothing owed';
}

/** Advances and recoupable costs: what earnings must cover before anything is owed. */
export const chargesOf = (balance: PayeeBalanceDto) => sumMinor(balance.advances_minor, balance.costs_minor);

/** "Recouped USD 750.00 of USD 2,000.00", or that there is nothing to recoup. */
export function recoupedText(balance: PayeeBalanceDto): string {
  const charges = chargesOf(balance);
  if (charges === 0n) return 'No advance or cost to recoup';
  return `Recouped ${formatMinorText(balance.recouped_minor, balance.currency)} of ${formatMinorText(charges, balance.currency)}`;
}

/** When an unrecouped balance should be recouped at the recent rate; null when nothing is unrecouped. */
export function forecastText(balance: PayeeBalanceDto): string | null {
  if ((minorOf(balance.balance_minor) ?? 0n) >= 0n) return null;
  if (balance.forecast_periods === null) return 'No recent earnings to forecast when it recoups';
  return `Recoups in about ${countLabel(balance.forecast_periods, 'period', 'periods')}`;
}

/** A percentage as typed on the contract: "50" -> "50 %". */
export const percentText = (value: string) => `${value} %`;

/** The terms in a few words: "50 % of net", "Profit share 50 %", with how many special rates. */
export function rateSummary(
  deal: Pick<DealDto, 'kind' | 'basis' | 'default_rate' | 'profit_share' | 'rates'>,
) {
  const main =
    deal.kind === 'profit_share'
      ? `Profit share ${percentText(deal.profit_share ?? deal.default_rate)}`
      : `${percentText(deal.default_rate)} of ${deal.basis}`;
  return deal.rates.length > 0
    ? `${main}, ${countLabel(deal.rates.length, 'special rate', 'special rates')}`
    : main;
}

export const BASIS_LABELS = { net: 'Net receipts', gross: 'Gross receipts' } as const;

export const SALE_TYPE_LABELS: Record<SaleType, string> = {
  stream: 'Streams',
  download: 'Downloads',
  physical: 'Physical',
  sync: 'Sync',
  other: 'Other',
};

/** A statement's figures by their API name, as the statements table heads them. */
export const FIGURE_LABELS: Record<string, string> = {
  opening_minor: 'Opening',
  earnings_minor: 'Earnings',
  advances_minor: 'Advances',
  costs_minor: 'Costs',
  reserves_held_minor: 'Reserves held',
  reserves_released_minor: 'Reserves released',
  payments_minor: 'Payments',
  adjustments_minor: 'Adjustments',
  closing_minor: 'Closing',
  payable_minor: 'Payable',
  cross_collateral_minor: 'Cross-collateralisation',
  pool_costs_minor: 'Profit-share costs',
};

/**
 * A change's field in words: "earnings_minor" -> "Earnings"; a contract's own figure
 * ("deals[<id>].closing_minor") -> "Closing on one contract" (the statement names its contracts).
 */
export function changeFieldLabel(field: string): string {
  const deal = /^deals\[[^\]]+\]\.(.+)$/.exec(field);
  const name = deal ? deal[1]! : field;
  const label = FIGURE_LABELS[name] ?? name.replace(/_minor$/, '').replaceAll('_', ' ');
  return deal ? `${label} on one contract` : label;
}

/** "Earnings: USD 10.00 → USD 12.40". */
export const changeText = (change: StatementChangeDto, currency: string) =>
  `${changeFieldLabel(change.field)}: ${formatMinorText(change.before, currency)} → ${formatMinorText(change.after, currency)}`;

/** Today as the date input writes it (the member's own calendar day). */
export function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "2025-04-02" -> "Apr 2, 2025" (a calendar day, not shifted by the time zone). */
export function formatDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}
