/**
 * Queries of the catalogue analytics API checked at the boundary (contracts/analytics.ts): the
 * filters every report shares, the breakdown's dimension and size, the export's report.
 */
import { z } from 'zod';
import {
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  ANALYTICS_REPORTS,
  BREAKDOWN_DIMENSIONS,
  MONTH_PATTERN,
  monthCount,
} from './analytics.ts';

const month = (field: string) =>
  z
    .string()
    .regex(MONTH_PATTERN, { message: ANALYTICS_MESSAGES.month(field) })
    .optional()
    .meta({ description: 'A month, YYYY-MM (both ends of the range included).' });

/**
 * The filters: the range (from, to) and exact matches on the recording's display artist, a release,
 * a store (its name as statements show it) and a territory (ISO 3166-1 alpha-2). An empty text
 * filter is no filter.
 */
export const analyticsFilters = {
  from: month('from'),
  to: month('to'),
  artist: z
    .string()
    .trim()
    .max(200, { message: 'artist: at most 200 characters' })
    .optional()
    .meta({ description: "The recording's display artist, exactly." }),
  release: z.uuid({ message: 'release: must be a release id' }).optional(),
  store: z.string().trim().max(100, { message: 'store: at most 100 characters' }).optional(),
  territory: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, { message: 'territory: a two-letter country code like GB' })
    .optional(),
};

/** from on or before to, and at most 30 years apart (each problem on its field). */
function checkRange(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!query.from || !query.to) return;
  if (query.to < query.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.toBeforeFrom });
    return;
  }
  if (monthCount({ from: query.from, to: query.to }) > ANALYTICS_LIMITS.maxMonths)
    ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.rangeTooLong });
}

export const performanceQuery = z.object(analyticsFilters).superRefine(checkRange);

export const breakdownQuery = z
  .object({
    ...analyticsFilters,
    dimension: z.enum(BREAKDOWN_DIMENSIONS, { message: ANALYTICS_MESSAGES.dimension }),
    limit: z.coerce
      .number({ message: 'limit: must be a number' })
      .int({ message: 'limit: must be a whole number' })
      .min(1, { message: `limit: must be between 1 and ${ANALYTICS_LIMITS.breakdownMax}` })
      .max(ANALYTICS_LIMITS.breakdownMax, {
        message: `limit: must be between 1 and ${ANALYTICS_LIMITS.breakdownMax}`,
      })
      .default(ANALYTICS_LIMITS.breakdownDefault),
  })
  .superRefine(checkRange);

export const analyticsExportQuery = z
  .object({
    ...analyticsFilters,
    report: z.enum(ANALYTICS_REPORTS, { message: ANALYTICS_MESSAGES.report }),
  })
  .superRefine(checkRange);

export type PerformanceQuery = z.output<typeof performanceQuery>;
export type BreakdownQuery = z.output<typeof breakdownQuery>;
export type AnalyticsExportQuery = z.output<typeof analyticsExportQuery>;

/**
 * Every analytics answer's `updating` (decision 0034): true when it is the label's answer from
 * before its latest change, answered while the new one is computed; ask again shortly.
 */
export const answerUpdating = z.boolean().meta({
  description:
    'True: these figures are from before the label’s latest change; the new ones are being computed, ask again shortly.',
});
