/**
 * Analytics of income (issue 17 points 4 and 5; decision 0030): missing income alerts, the
 * statement lines an alert opens, catalogue value, and their CSV exports. Read from imported
 * statements only, so gated like Finance (has_catalogue: 403 plan_required). Handlers:
 * apps/server/src/features/analytics/income.routes.ts.
 */
import { z } from 'zod';
import {
  ANALYTICS_LINES_LIMITS,
  CATALOGUE_VALUE_LIMITS,
  INCOME_ALERT_DIMENSIONS,
  INCOME_ALERT_KINDS,
  INCOME_EXPORT_REPORTS,
  MONTH_PATTERN,
} from '../analytics-income.ts';
import { answerUpdating } from '../analytics-schemas.ts';
import { fileResponse, pagingQuery } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { SALE_TYPES } from '../royalty-sources.ts';

const decimal = (description: string) => z.string().meta({ description: `Exact decimal. ${description}` });
const month = (field: string) =>
  z
    .string()
    .regex(MONTH_PATTERN, { message: `${field}: a month like 2026-04` })
    .meta({ format: 'YYYY-MM' });
const money = z.object({ currency: z.string(), net: decimal('Net income.') });

/** The filter of GET /api/v1/analytics/lines (also what an alert opens). */
const linesFilter = {
  recording_id: z.uuid({ message: 'recording_id: must be a recording id' }).optional(),
  release_id: z.uuid({ message: 'release_id: must be a release id' }).optional(),
  import_id: z.uuid({ message: 'import_id: must be an import id' }).optional(),
  source: z.string().trim().min(1).max(100).optional().meta({ description: 'An import source key.' }),
  store: z.string().trim().min(1).max(200).optional(),
  territory: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'territory: a two-letter country code' })
    .optional(),
  from: month('from').optional(),
  to: month('to').optional(),
};

const linesLink = z
  .object({
    recording_id: z.string(),
    source: z.string(),
    store: z.string().optional(),
    territory: z.string().optional(),
    from: z.string(),
    to: z.string(),
  })
  .meta({ description: 'The query of GET /api/v1/analytics/lines that lists the lines behind the alert.' });

const incomeAlert = z.object({
  id: z.string(),
  kind: z.enum(INCOME_ALERT_KINDS),
  dimension: z.enum(INCOME_ALERT_DIMENSIONS),
  value: z.string().meta({ description: 'The store, or the territory (ISO alpha-2).' }),
  value_name: z.string().meta({ description: "The store, or the territory's English name." }),
  recording: z.object({
    id: z.string(),
    title: z.string(),
    display_artist: z.string(),
    isrc: z.string().nullable(),
  }),
  source: z.string(),
  source_name: z.string(),
  import_id: z.string().meta({ description: "The source's latest import, whose months are compared." }),
  import_file_name: z.string(),
  current_from: z.string(),
  current_to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  current_months: z.number(),
  previous_months: z.number(),
  previous_net: decimal('Net of the previous months.'),
  current_net: decimal('Net of the current months (0 when missing).'),
  currency: z.string(),
  description: z.string(),
  lines: linesLink,
});

export const analyticsMissingIncome = endpoint({
  operationId: 'analyticsMissingIncome',
  summary:
    "Stores and territories that reported a recording every month before a source's latest statement and are absent from it or fell by more than half",
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/missing-income',
  access: 'member',
  query: z.object({
    kind: z.enum(INCOME_ALERT_KINDS, { message: 'kind: missing or drop' }).optional(),
    ...pagingQuery(500),
  }),
  responses: {
    200: z.object({
      alerts: z.array(incomeAlert),
      updating: answerUpdating,
      total: z.number(),
      has_statements: z.boolean().meta({ description: 'Whether the label has any imported statement.' }),
    }),
  },
  errors: ['validation_failed', 'plan_required'],
});

const analyticsLine = z.object({
  import_id: z.string(),
  import_file_name: z.string(),
  source: z.string(),
  source_name: z.string(),
  line_number: z.number().meta({ description: "The line's number in its file (the header is line 1)." }),
  sale_month: z.string(),
  store: z.string().nullable(),
  territory: z.string().nullable(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  track_title: z.string().nullable(),
  release_title: z.string().nullable(),
  artist: z.string().nullable(),
  sale_type: z.enum(SALE_TYPES),
  quantity: z.number(),
  net: decimal('As the file says.'),
  currency: z.string(),
  recording_id: z.string().nullable(),
  release_id: z.string().nullable(),
});

export const analyticsLines = endpoint({
  operationId: 'analyticsLines',
  summary:
    'Statement lines of imported statements, of a recording, a release or an import, filtered by source, store, territory and months, newest month first',
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/lines',
  access: 'member',
  query: z.object({
    ...linesFilter,
    cursor: z.string().max(400).optional().meta({ description: 'next_cursor of the previous page.' }),
    limit: z.coerce
      .number({ message: 'limit: must be a number' })
      .int({ message: 'limit: must be a whole number' })
      .min(1, { message: `limit: must be between 1 and ${ANALYTICS_LINES_LIMITS.maxPageSize}` })
      .max(ANALYTICS_LINES_LIMITS.maxPageSize, {
        message: `limit: must be between 1 and ${ANALYTICS_LINES_LIMITS.maxPageSize}`,
      })
      .default(ANALYTICS_LINES_LIMITS.defaultPageSize),
  }),
  responses: {
    200: z.object({
      rows: z.array(analyticsLine),
      next_cursor: z.string().nullable().meta({ description: 'Null on the last page.' }),
      total: z.number().meta({ description: 'Lines the filter selects.' }),
      quantity: z.number(),
      amounts: z.array(money).meta({ description: 'What the lines the filter selects add up to.' }),
    }),
  },
  errors: ['validation_failed', 'not_found', 'plan_required'],
});

const valueAmounts = {
  net: decimal('In the reporting currency: what the exchange rates converted.'),
  amounts: z.array(money).meta({ description: 'Per currency, as the statements report it.' }),
  not_converted: z
    .array(money)
    .meta({ description: 'Income in currencies no exchange rate converts (not in net), per currency.' }),
  quantity: z.number(),
};

export const analyticsCatalogueValue = endpoint({
  operationId: 'analyticsCatalogueValue',
  summary:
    "The last twelve months' income per artist and per release (the twelve months ending at the latest sale month), ranked",
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/catalogue-value',
  access: 'member',
  query: z.object({
    limit: z.coerce
      .number({ message: 'limit: must be a number' })
      .int({ message: 'limit: must be a whole number' })
      .min(1, { message: `limit: must be between 1 and ${CATALOGUE_VALUE_LIMITS.maxRows}` })
      .max(CATALOGUE_VALUE_LIMITS.maxRows, {
        message: `limit: must be between 1 and ${CATALOGUE_VALUE_LIMITS.maxRows}`,
      })
      .default(CATALOGUE_VALUE_LIMITS.defaultRows),
  }),
  responses: {
    200: z.object({
      updating: answerUpdating,
      from: z
        .string()
        .nullable()
        .meta({ description: 'The first of the twelve months; null without sales.' }),
      to: z.string().nullable().meta({ description: 'The latest sale month of the label.' }),
      currency: z.string().meta({ description: "The label's reporting currency." }),
      total: z.object(valueAmounts),
      artists: z.array(
        z.object({
          rank: z.number(),
          artist: z.string(),
          recordings: z.number().meta({ description: 'Recordings of the artist that earned.' }),
          ...valueAmounts,
        }),
      ),
      artist_count: z.number(),
      releases: z.array(
        z.object({
          rank: z.number(),
          release_id: z
            .string()
            .nullable()
            .meta({ description: 'Null for recordings on no release (title: "Not on a release").' }),
          title: z.string(),
          display_artist: z.string(),
          upc: z.string().nullable(),
          release_date: z.string().nullable(),
          ...valueAmounts,
        }),
      ),
      release_count: z.number(),
      rates: z
        .array(
          z.object({
            from: z.string(),
            to: z.string(),
            rate: z.string(),
            period_start: z.string(),
            period_end: z.string(),
            months: z.array(z.string()),
          }),
        )
        .meta({
          description:
            "The exchange rates used (1 from = rate to), each royalty period's, and the sale months each converted.",
        }),
    }),
  },
  errors: ['validation_failed', 'plan_required'],
});

export const exportIncomeCsv = endpoint({
  operationId: 'exportIncomeCsv',
  summary:
    'Missing income, catalogue value (artists or releases) or the lines a filter selects, as CSV (one of the plan’s monthly exports)',
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/income/export',
  access: 'member',
  query: z.object({
    report: z.enum(INCOME_EXPORT_REPORTS, { message: `report: one of ${INCOME_EXPORT_REPORTS.join(', ')}` }),
    ...linesFilter,
  }),
  responses: { 200: fileResponse('UTF-8 CSV with a byte-order mark.') },
  errors: ['validation_failed', 'not_found', 'plan_required', 'plan_limit_reached'],
});
