/**
 * Analytics, A&R (issue 17 points 2 and 3): the funnel from demos received to decisions, open to
 * every plan (review data only), and what the signed demos earned, gated like the catalogue
 * (has_catalogue: 403 plan_required) since it reads statement lines. What each figure means:
 * AR_DEFINITIONS in ../analytics-ar.ts. Handlers: apps/server/src/features/analytics/ar.routes.ts.
 */
import { z } from 'zod';
import {
  AR_DEFINITIONS,
  AR_EXPORT_REPORTS,
  AR_MESSAGES,
  isIsoDate,
  SUBMISSION_SOURCE_KINDS,
} from '../analytics-ar.ts';
import { answerUpdating } from '../analytics-schemas.ts';
import { fileResponse } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';

const day = (field: 'from' | 'to') =>
  z
    .string({ message: AR_MESSAGES.dateFormat(field) })
    .refine(isIsoDate, { message: AR_MESSAGES.dateFormat(field) })
    .optional();

const rangeQuery = {
  from: day('from').meta({
    description: 'First day (YYYY-MM-DD, UTC), inclusive. Default: the Monday 11 weeks before `to`’s week.',
  }),
  to: day('to').meta({ description: 'Last day (YYYY-MM-DD, UTC), inclusive. Default: today.' }),
};

const rate = z
  .string()
  .nullable()
  .meta({ description: 'Percent as a decimal (at most 6 decimals); null out of nothing.' });
const hours = z.number().nullable().meta({ description: 'Hours with one decimal; null without any.' });
const score = z
  .number()
  .nullable()
  .meta({ description: 'Mean score with two decimals; null without scores.' });
const amount = z.object({ currency: z.string(), amount: z.string().meta({ description: 'Exact decimal.' }) });
const earned = z
  .object({
    amount: z.string().meta({
      description:
        'In the reporting currency, converted exactly with the rates of the royalty periods (rates_used), rounded once half to even to at most 6 decimals.',
    }),
    not_converted: z.array(amount).meta({
      description: 'Income in currencies no period has a rate for, in that currency, left out of amount.',
    }),
  })
  .meta({ description: AR_DEFINITIONS.earnings });
const rateUsed = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string().meta({ description: '1 from = rate to, as entered for the period.' }),
  period_start: z.string(),
  period_end: z.string(),
  months: z.array(z.string()).meta({ description: 'The sale months it converted.' }),
});
const byKind = z.object({ team: z.number(), external: z.number(), none: z.number() });

const funnel = z.object({
  updating: answerUpdating,
  range: z.object({ from: z.string(), to: z.string(), weeks: z.number() }),
  team_size: z.number(),
  threshold: z.number().meta({ description: 'Reviewers the 60 % threshold needs: ceil(60 % of the team).' }),
  totals: z.object({
    demos: z.number(),
    reached_threshold: z.number(),
    threshold_share: rate,
    decided: z.number(),
    signed: z.number(),
    passed: z.number(),
    signed_rate: rate,
  }),
  signed_last_30_days: z.number().meta({ description: AR_DEFINITIONS.signedLast30Days }),
  weeks: z.array(
    z.object({
      week: z.string().meta({ description: 'ISO week, e.g. 2025-W02.' }),
      week_start: z.string().meta({ description: 'Its Monday.' }),
      demos: z.number(),
      by_source: byKind,
    }),
  ),
  sources: z.array(
    z.object({
      kind: z.enum(SUBMISSION_SOURCE_KINDS),
      label: z.string(),
      demos: z.number(),
      reached_threshold: z.number(),
      signed: z.number(),
      passed: z.number(),
      signed_rate: rate,
    }),
  ),
  time_to_first_listen: z
    .object({ count: z.number(), not_yet: z.number(), median_hours: hours, p90_hours: hours })
    .meta({ description: AR_DEFINITIONS.firstListen }),
  time_to_decision: z
    .object({
      count: z.number(),
      undecided: z.number(),
      untimed: z
        .number()
        .meta({ description: 'Decided before decision times were kept, without a stand-in.' }),
      median_hours: hours,
      p90_hours: hours,
    })
    .meta({ description: AR_DEFINITIONS.decision }),
  reviewers: z.array(
    z.object({
      reviewer_id: z.string(),
      name: z.string(),
      is_member: z.boolean().meta({ description: 'False for someone who has left the label.' }),
      reviews: z.number(),
      useless: z.number(),
      demos_reviewed: z.number(),
      average_overall: score,
      average_musical: score,
      average_artist: score,
      signed: z.number(),
      signed_rate: rate,
    }),
  ),
});

const reviewScore = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  musical: z.number(),
  artist: z.number(),
  overall: z.number(),
  is_useless: z.boolean(),
  is_high: z.boolean().meta({ description: AR_DEFINITIONS.highScore }),
  reviewed_at: z.string(),
});

const demoRevenue = z.object({
  updating: answerUpdating,
  reporting_currency: z.string(),
  rates_used: z.array(rateUsed),
  demos: z.array(
    z.object({
      song_id: z.string(),
      title: z.string(),
      artist: z.string(),
      submitted_at: z.string(),
      source_kind: z.enum(SUBMISSION_SOURCE_KINDS),
      signed_at: z.string().nullable().meta({ description: AR_DEFINITIONS.decision }),
      averages: z
        .object({ musical: score, artist: score, overall: score, reviews: z.number() })
        .meta({ description: AR_DEFINITIONS.reviewScores }),
      scores: z.array(reviewScore),
      recording: z
        .object({
          id: z.string(),
          title: z.string(),
          display_artist: z.string(),
          isrc: z.string().nullable(),
        })
        .nullable(),
      earnings: z.array(amount).meta({ description: 'What the recording earned per currency, exact.' }),
      earned,
      advance: z
        .object({ source: z.enum(['ledger', 'contract']), amounts: z.array(amount) })
        .nullable()
        .meta({ description: 'From the ledger once Finance has its terms, else the signed contract’s.' }),
      recoupment: z
        .object({
          state: z.enum(['recouped', 'unrecouped', 'no_advance', 'no_terms']),
          remaining: z.array(amount),
        })
        .meta({ description: AR_DEFINITIONS.recoupment }),
    }),
  ),
  reviewers: z
    .array(
      z.object({
        reviewer_id: z.string(),
        name: z.string(),
        median_score: z.number().nullable(),
        high_scored: z.number().meta({ description: 'Demos the member scored high.' }),
        high_signed: z.number().meta({ description: 'Of those, the ones signed.' }),
        earnings: z
          .array(amount)
          .meta({ description: 'What the recordings of those signed demos earned, per currency.' }),
        earned,
        demos: z.array(z.object({ song_id: z.string(), title: z.string() })),
      }),
    )
    .meta({ description: 'Which members’ high scores became income: most signed first, then most earned.' }),
});

export const analyticsFunnel = endpoint({
  operationId: 'analyticsFunnel',
  summary:
    'The A&R funnel of the demos received in a range: per week and source, times to first listen and decision, members, threshold and signed rates',
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/funnel',
  access: 'member',
  query: z.object(rangeQuery),
  responses: { 200: funnel },
  errors: ['validation_failed'],
});

export const analyticsDemoRevenue = endpoint({
  operationId: 'analyticsDemoRevenue',
  summary:
    'Every signed demo: its review scores at decision beside what its recording has earned, its advance and recoupment; and whose high scores became income',
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/demo-revenue',
  access: 'member',
  responses: { 200: demoRevenue },
  errors: ['plan_required'],
});

export const exportArCsv = endpoint({
  operationId: 'exportArCsv',
  summary: 'A report of the A&R tab as CSV (one of the plan’s monthly exports)',
  tag: 'analytics',
  method: 'GET',
  path: '/api/v1/analytics/ar/export',
  access: 'member',
  query: z.object({
    report: z.enum(AR_EXPORT_REPORTS, {
      message: `report: one of ${AR_EXPORT_REPORTS.join(', ')}`,
    }),
    ...rangeQuery,
  }),
  responses: { 200: fileResponse('UTF-8 CSV with a byte-order mark.') },
  errors: ['validation_failed', 'plan_required', 'plan_limit_reached'],
});

export type ArFunnelDto = z.infer<typeof funnel>;
export type ArDemoRevenueDto = z.infer<typeof demoRevenue>;
