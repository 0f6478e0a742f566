/**
 * "Export CSV" of catalogue analytics (issue 17; decision 0030): one table of the page (the monthly
 * series, a breakdown with every row, revenue per stream, lifecycle) under the same filters, through
 * the app's one CSV writer (core/csv.ts: formulas neutralised, UTF-8 with a byte-order mark).
 * Counted against the plan's monthly exports like the catalogue's Export CSV: refused with 403
 * plan_limit_reached past the limit, before anything is read; recorded in the transaction that
 * reads the table, so an export that fails (an unknown release) is not counted.
 */
import {
  ANALYTICS_EXPORT_TYPE,
  ANALYTICS_MESSAGES,
  type AnalyticsReport,
  BREAKDOWN_DIMENSION_LABELS,
  type BreakdownDimension,
} from '@music-review/core/analytics';
import type { AnalyticsExportQuery } from '@music-review/core/analytics-schemas';
import { type CsvValue, toCsv } from '@music-review/core/csv';
import { canonicalDecimal } from '@music-review/core/money';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import { checkExportLimit, monthlyExportLimit, recordExportUsage } from './performance.repo.ts';
import { readBreakdown, readPerformance } from './performance.service.ts';

/**
 * A decimal as a spreadsheet number when the number writes back the same digits (so a negative
 * amount is not taken for a formula and prefixed), else as its text.
 */
function numeric(decimal: string | null): CsvValue {
  if (decimal === null) return null;
  const n = Number(decimal);
  const text = String(n);
  return Number.isFinite(n) && !/e/i.test(text) && canonicalDecimal(text) === canonicalDecimal(decimal)
    ? n
    : decimal;
}

const KEY_HEADERS: Partial<Record<BreakdownDimension, string>> = {
  territory: 'Territory code',
  release: 'Release ID',
  track: 'Recording or release ID',
};

type Table = { range: { from: string; to: string }; rows: CsvValue[][] };

async function table(tx: OrgTx, org: string, query: AnalyticsExportQuery): Promise<Table> {
  const report: AnalyticsReport = query.report;
  if (report === 'series' || report === 'per_stream' || report === 'lifecycle') {
    const p = await readPerformance(tx, org, query);
    const c = p.reporting_currency;
    if (report === 'series')
      return {
        range: p.range,
        rows: [
          [
            'Month',
            `Income (${c})`,
            'Units',
            'Streams',
            'Month a year earlier',
            `Income a year earlier (${c})`,
            'Units a year earlier',
            'Streams a year earlier',
          ],
          ...p.series.map((m) => [
            m.month,
            numeric(m.income),
            m.units,
            m.streams,
            m.year_ago_month,
            numeric(m.year_ago_income),
            m.year_ago_units,
            m.year_ago_streams,
          ]),
        ],
      };
    if (report === 'per_stream')
      return {
        range: p.range,
        rows: [
          ['Store', 'Streams', `Stream income (${c})`, `Income per 1,000 streams (${c})`],
          ...p.per_stream.map((s) => [s.label, s.streams, numeric(s.income), numeric(s.per_thousand)]),
        ],
      };
    return {
      range: p.range,
      rows: [
        ['Release lifecycle', `Income (${c})`, 'Units'],
        ...p.lifecycle.map((b) => [b.label, numeric(b.income), b.units]),
      ],
    };
  }
  const b = await readBreakdown(tx, org, { ...query, dimension: report }, null);
  const c = b.reporting_currency;
  const keyHeader = KEY_HEADERS[report];
  return {
    range: b.range,
    rows: [
      [
        'Rank',
        'Previous rank',
        BREAKDOWN_DIMENSION_LABELS[report],
        ...(keyHeader ? [keyHeader] : []),
        `Income (${c})`,
        'Units',
        'Streams',
        'Share of income (%)',
        `Previous income (${c})`,
        'Change (%)',
      ],
      ...b.rows.map((r) => [
        r.rank,
        r.previous_rank,
        r.label,
        ...(keyHeader ? [r.key] : []),
        numeric(r.income),
        r.units,
        r.streams,
        numeric(r.share),
        numeric(r.previous_income),
        numeric(r.change),
      ]),
    ],
  };
}

export function createAnalyticsExport(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** GET /api/v1/analytics/performance/export: the table as a CSV file's text and name. */
    async open(member: Member, query: AnalyticsExportQuery) {
      requireCatalogue(member);
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        if (!(await checkExportLimit(tx, org, ANALYTICS_EXPORT_TYPE)))
          throw new AppError(
            'plan_limit_reached',
            ANALYTICS_MESSAGES.exportLimit(await monthlyExportLimit(tx, org)),
          );
        const { range, rows } = await table(tx, org, query);
        await recordExportUsage(tx, org, ANALYTICS_EXPORT_TYPE);
        return {
          text: toCsv(rows, { bom: true }),
          filename: `analytics-${query.report}-${range.from}-to-${range.to}.csv`,
        };
      });
    },
  };
}
