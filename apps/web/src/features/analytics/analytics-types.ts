/** The analytics API's answers as the web uses them, inferred from the contracts (never retyped). */
import type {
  analyticsBreakdown,
  analyticsPerformance,
  exportAnalyticsCsv,
} from '@music-review/core/contracts/analytics';
import type {
  analyticsDemoRevenue,
  analyticsFunnel,
  exportArCsv,
} from '@music-review/core/contracts/analytics-ar';
import type {
  analyticsCatalogueValue,
  analyticsLines,
  analyticsMissingIncome,
  exportIncomeCsv,
} from '@music-review/core/contracts/analytics-income';
import type { QueryOf, ResponseOf } from '@music-review/core/endpoint';

export type PerformanceDto = ResponseOf<typeof analyticsPerformance>;
export type SeriesPointDto = PerformanceDto['series'][number];
export type RateUsedDto = PerformanceDto['rates_used'][number];
export type BreakdownDto = ResponseOf<typeof analyticsBreakdown>;
export type BreakdownRowDto = BreakdownDto['rows'][number];
export type AnalyticsReportQuery = QueryOf<typeof exportAnalyticsCsv>;

export type FunnelDto = ResponseOf<typeof analyticsFunnel>;
export type DemoRevenueDto = ResponseOf<typeof analyticsDemoRevenue>;
export type SignedDemoDto = DemoRevenueDto['demos'][number];
export type ArExportQuery = QueryOf<typeof exportArCsv>;

export type MissingIncomeDto = ResponseOf<typeof analyticsMissingIncome>;
export type IncomeAlertDto = MissingIncomeDto['alerts'][number];
export type LinesPageDto = ResponseOf<typeof analyticsLines>;
export type AnalyticsLineDto = LinesPageDto['rows'][number];
export type LinesFilter = IncomeAlertDto['lines'];
export type CatalogueValueDto = ResponseOf<typeof analyticsCatalogueValue>;
export type IncomeExportQuery = QueryOf<typeof exportIncomeCsv>;

/** An amount in one currency as the A&R answers give it. */
export type CurrencyAmountDto = SignedDemoDto['earnings'][number];
