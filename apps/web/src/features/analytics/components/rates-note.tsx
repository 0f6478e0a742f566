import type { RateUsedDto } from '../analytics-types';
import { formatAmount, formatMonths } from './format';

/**
 * Which exchange rates converted the figures into the reporting currency, each with its royalty
 * period and the sale months it converted: "1 EUR = 1.0825 USD (rates of Jan–Mar 2025; used for
 * Jan–Mar 2025)". Shown as entered (the exact decimal), never rounded.
 */
export function RatesUsed({
  rates,
  currency,
  hasNotConverted = false,
}: {
  rates: readonly RateUsedDto[];
  currency: string;
  /** Some income had no rate at all (said apart): then not every sale was in the reporting currency. */
  hasNotConverted?: boolean;
}) {
  if (rates.length === 0) {
    return (
      <p className="text-xs text-muted-foreground">
        Amounts in {currency}.{' '}
        {hasNotConverted
          ? 'No exchange rate was used.'
          : `No exchange rate was needed: every sale was in ${currency}.`}
      </p>
    );
  }
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
        Amounts in {currency}. Rates used ({rates.length})
      </summary>
      <ul aria-label="Rates used" className="mt-1 flex flex-col gap-0.5 pl-4">
        {rates.map((rate) => (
          <li key={`${rate.from}-${rate.to}-${rate.period_start}`}>
            1 {rate.from} = {rate.rate} {rate.to} (rates of the period{' '}
            {formatMonths(rate.period_start, rate.period_end)}
            {rate.months.length > 0
              ? `; used for ${formatMonths(rate.months[0]!, rate.months[rate.months.length - 1]!)}`
              : ''}
            )
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Income in currencies no royalty period has a rate for: said apart, in its own currency, and left
 * out of the totals and charts (never silently dropped), per currency: in the range, and in the
 * ranges compared with it when the answer has them.
 */
export function NotConverted({
  amounts,
  currency,
}: {
  amounts: readonly {
    currency: string;
    income: string;
    previous_income?: string;
    year_ago_income?: string;
  }[];
  currency: string;
}) {
  if (amounts.length === 0) return null;
  return (
    <div
      role="note"
      className="rounded-lg border border-warning/40 bg-warning/10 px-3.5 py-3 text-sm text-foreground"
    >
      <p className="font-medium">Not converted</p>
      <p className="mt-0.5 text-muted-foreground">
        No royalty period has an exchange rate into {currency} for this income, so it is left out of the
        figures above. Add the rate to a period in Finance → Statements.
      </p>
      <ul aria-label="Not converted" className="mt-1 flex flex-col gap-0.5">
        {amounts.map((a) => (
          <li key={a.currency} className="tabular-nums">
            {formatAmount(a.income, a.currency)} in this range
            {a.previous_income !== undefined
              ? ` · ${formatAmount(a.previous_income, a.currency)} in the previous one`
              : ''}
            {a.year_ago_income !== undefined
              ? ` · ${formatAmount(a.year_ago_income, a.currency)} a year earlier`
              : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
