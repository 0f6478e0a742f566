/**
 * Catalogue performance (issue 17, point 1; decision 0030): what the imported statement lines
 * earned over time, compared with the previous range and the year before, by store, territory,
 * release, track and artist, by release lifecycle, and per stream, in the label's reporting
 * currency. Read from the rollups, never from the lines. Gated like Finance (has_catalogue: 403
 * plan_required). Handlers: apps/server/src/features/analytics/.
 */
import { z } from 'zod';
import { BREAKDOWN_DIMENSIONS, BREAKDOWN_ROW_KINDS, LIFECYCLE_BUCKETS } from '../analytics.ts';
import {
  analyticsExportQuery,
  answerUpdating,
  breakdownQuery,
  performanceQuery,
} from '../analytics-schemas.ts';
import { fileResponse } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';

const amount = z.string().meta({
  description:
    'Exact decimal in the reporting currency, rounded once half to even to at most 6 decimals (the web rounds for display).',
});
const percent = z
  .string()
  .nullable()
  .meta({ description: 'Percent as a decimal (at most 6 decimals); null when its base is 0.' });
const range = z.object({ from: z.string(), to: z.string() });

const rateUsed = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string().meta({ description: '1 from = rate to, as entered for the period.' }),
  period_start: z.string(),
  period_end: z.string(),
  months: z.array(z.string()).meta({ description: 'The sale months it converted.' }),
});

const figures = z.object({
  income: amount,
  units: z.number().meta({ description: 'Quantity of every sale type (streams, downloads, physical...).' }),
  streams: z.number().meta({ description: 'Quantity of the stream lines.' }),
});
const change = z.object({ income: percent, units: percent, streams: percent });

const common = {
  empty: z.boolean().meta({ description: 'True when the label has no imported statement at all.' }),
  reporting_currency: z.string(),
  range: range.extend({ months: z.number() }),
  previous_range: range,
  rates_used: z.array(rateUsed),
  updating: answerUpdating,
};

export const analyticsPerformance = endpoint({
  operationId: 'analyticsPerformance',
  summary:
    'Income, units and streams of a range against the previous range and the year before, by month, by release lifecycle and per stream by store',
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/performance',
  access: 'member',
  query: performanceQuery,
  responses: {
    200: z.object({
      ...common,
      year_ago_range: range,
      not_converted: z
        .array(
          z.object({
            currency: z.string(),
            income: z.string(),
            previous_income: z.string(),
            year_ago_income: z.string(),
          }),
        )
        .meta({
          description: 'Income in currencies no period has a rate for, in that currency, left out of totals.',
        }),
      totals: z.object({
        current: figures,
        previous: figures,
        year_ago: figures,
        change_vs_previous: change,
        change_vs_year_ago: change,
      }),
      series: z.array(
        figures.extend({
          month: z.string(),
          year_ago_month: z.string(),
          year_ago_income: amount,
          year_ago_units: z.number(),
          year_ago_streams: z.number(),
        }),
      ),
      lifecycle: z.array(
        z.object({ bucket: z.enum(LIFECYCLE_BUCKETS), label: z.string(), income: amount, units: z.number() }),
      ),
      per_stream: z.array(
        z.object({
          store: z.string().nullable(),
          label: z.string(),
          streams: z.number(),
          income: amount.meta({ description: 'Income of the stream lines only.' }),
          per_thousand: z
            .string()
            .nullable()
            .meta({ description: 'Income per 1,000 streams (at most 6 decimals).' }),
        }),
      ),
    }),
  },
  errors: ['validation_failed', 'not_found', 'plan_required'],
});

export const analyticsBreakdown = endpoint({
  operationId: 'analyticsBreakdown',
  summary: 'Income by store, territory, release, track or artist, ranked, with the previous range’s rank',
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/breakdown',
  access: 'member',
  query: breakdownQuery,
  responses: {
    200: z.object({
      ...common,
      dimension: z.enum(BREAKDOWN_DIMENSIONS),
      not_converted: z.array(
        z.object({ currency: z.string(), income: z.string(), previous_income: z.string() }),
      ),
      total: figures,
      total_rows: z.number(),
      rows: z.array(
        figures.extend({
          key: z.string().nullable().meta({
            description:
              'The store name, territory code, release id, recording id (a release id for whole-release sales) or artist; null for Unmatched and lines without one.',
          }),
          kind: z.enum(BREAKDOWN_ROW_KINDS),
          label: z.string(),
          share: percent,
          previous_income: amount,
          change: percent,
          rank: z.number(),
          previous_rank: z.number().nullable(),
          movement: z.number().nullable().meta({
            description: 'Places moved up since the previous range (negative: down); null when new.',
          }),
        }),
      ),
    }),
  },
  errors: ['validation_failed', 'not_found', 'plan_required'],
});

export const exportAnalyticsCsv = endpoint({
  operationId: 'exportAnalyticsCsv',
  summary: 'One analytics table as CSV (counted against the plan’s monthly exports)',
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/performance/export',
  access: 'member',
  query: analyticsExportQuery,
  responses: { 200: fileResponse('UTF-8 CSV with a byte-order mark.') },
  errors: ['validation_failed', 'not_found', 'plan_required', 'plan_limit_reached'],
});
