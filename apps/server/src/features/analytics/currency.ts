/**
 * Income in the label's reporting currency (issue 17; decision 0030). Amounts are converted with
 * the exchange rates of the royalty period holding the sale month, else of the nearest period
 * that has the pair (core analytics.ts `pickRate`); a currency no period has a rate for is
 * reported apart, never dropped. Every conversion is exact (amount x rate in numeric or bigint).
 *
 * Two ways to use it:
 * - a few sums per month and currency: `convertSums` (core) on the rows, with the setup below;
 * - many rows (a breakdown by track): `conversionTable` for the (month, currency) pairs present,
 *   joined in SQL as `fx` (`fxJoin`), so the database multiplies and sums in numeric.
 */
import {
  type MonthCurrencySum,
  type PeriodRates,
  pickRate,
  type RateChoice,
} from '@music-review/core/analytics';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export interface CurrencySetup {
  /** ISO 4217 code the figures are answered in (finance_settings.reporting_currency). */
  reporting: string;
  /** Every royalty period of the label with its rates, whatever its status. */
  periods: PeriodRates[];
}

/** The label's reporting currency and its periods' exchange rates (two small reads). */
export async function loadCurrencySetup(tx: OrgTx, org: string): Promise<CurrencySetup> {
  const [settings] = await queryRows<{ reporting_currency: string }>(
    tx,
    sql`select reporting_currency from finance_settings where organization_id = ${org}`,
  );
  const periods = await queryRows<PeriodRates>(
    tx,
    sql`select to_char(start_month, 'YYYY-MM') as start_month, to_char(end_month, 'YYYY-MM') as end_month, rates
        from royalty_periods where organization_id = ${org} and jsonb_array_length(rates) > 0
        order by start_month`,
  );
  return { reporting: settings?.reporting_currency ?? 'USD', periods };
}

/** The rate of each (month, currency) pair present; null where the currency cannot be converted. */
export function conversionTable(
  setup: CurrencySetup,
  pairs: ReadonlyArray<Pick<MonthCurrencySum, 'month' | 'currency'>>,
) {
  const table = new Map<string, RateChoice | null>();
  for (const { month, currency } of pairs) {
    const key = `${month}|${currency}`;
    if (!table.has(key)) table.set(key, pickRate(setup.periods, currency, setup.reporting, month));
  }
  return table;
}

/**
 * A join that gives each row of `alias` (with sale_month and currency) its rate as `fx.rate` (null
 * when not converted, so that `sum(r.net * fx.rate)` leaves it out). The table travels as one JSON
 * parameter.
 */
export function fxJoin(table: ReadonlyMap<string, RateChoice | null>, alias = 'r'): SQL {
  const row = sql.raw(alias);
  const rows = [...table].map(([key, choice]) => {
    const [month, currency] = key.split('|') as [string, string];
    return { m: `${month}-01`, c: currency, rate: choice?.rate ?? null };
  });
  return sql`left join jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as fx(m date, c text, rate numeric)
    on fx.m = ${row}.sale_month and fx.c = ${row}.currency`;
}
