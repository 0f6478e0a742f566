/**
 * A&R analytics (issue 17 points 2 and 3): the funnel from a demo received to its decision, and what
 * the signed demos earned. The rules and texts the server and the web share: the date range and its
 * ISO weeks, the submission-source groups, the high-score rule, rates and hours as shown. Pure: no
 * I/O. The answers' shapes are in contracts/analytics-ar.ts.
 */

import type { CsvValue } from './csv.ts';
import { canonicalDecimal } from './money.ts';

export const AR_LIMITS = {
  /** The funnel's range when none is given: the last 12 ISO weeks, the current one included. */
  defaultWeeks: 12,
  /** The longest range the funnel accepts (issue 17, "Bad input": a 30-year range is refused past this). */
  maxRangeYears: 30,
} as const;

/**
 * The spec's submission_source is the submitter's email, shown as the member's name when the address
 * is a team member's (spec section 3). The funnel groups it in three: a member's address, any other
 * address (the artist sent it in), and none (added without a submitter's address).
 */
export const SUBMISSION_SOURCE_KINDS = ['team', 'external', 'none'] as const;
export type SubmissionSourceKind = (typeof SUBMISSION_SOURCE_KINDS)[number];
export const SUBMISSION_SOURCE_LABELS: Record<SubmissionSourceKind, string> = {
  team: 'Submitted by a team member',
  external: 'Sent in by the artist',
  none: 'No submitter recorded',
};

/** A demo's recoupment state (contracts/analytics-ar.ts), as the page and the CSV say it. */
export const RECOUPMENT_LABELS = {
  recouped: 'Recouped',
  unrecouped: 'Unrecouped',
  no_advance: 'No advance',
  no_terms: 'No terms in Finance yet',
} as const;

/** The name shown for someone who has left the label (their reviews stay; their account is not the label's). */
export const FORMER_MEMBER = 'Former member';

/**
 * The reports of "Export CSV" on the A&R tab. Each counts once against the plan's monthly exports,
 * on the same counter as the other analytics exports (ANALYTICS_EXPORT_TYPE in ./analytics.ts).
 */
export const AR_EXPORT_REPORTS = ['funnel_weeks', 'funnel_sources', 'reviewers', 'demo_revenue'] as const;
export type ArExportReport = (typeof AR_EXPORT_REPORTS)[number];

/** What each figure means, as the page explains it beside the figure (and the API reference). */
export const AR_DEFINITIONS = {
  cohort:
    'Every figure of the funnel is about the demos received in the range (by the day they were submitted, UTC).',
  week: 'Weeks are ISO weeks (Monday to Sunday, UTC); the first and last may be cut by the range.',
  firstListen:
    'First listen: the first review of the demo by any member, "Mark as useless" included. The app keeps no play history, so a review is the first proof that someone listened.',
  decision:
    'Decision: when an admin signed or passed the demo. For a demo signed before decision times were recorded, the moment it became a recording (or its first contract, if sooner) stands in; one passed then has no time.',
  threshold:
    'Reached the threshold: reviews of the current version from 60 % of the team (rounded up), as on the Review Dashboard.',
  signedRate:
    "Signed rate: signed demos out of the demos received; a member's is out of the demos they reviewed.",
  signedLast30Days:
    'Signed in the last 30 days: the Label Hub’s count (signed songs added in the last 30 days).',
  reviewScores:
    'Scores at decision: the current version’s reviews made before the decision; "Mark as useless" reviews are listed but left out of the averages.',
  highScore:
    'A high score: a member’s overall score of a demo (their review of its current version before the decision, "Mark as useless" left out) at or above their own median over every demo they scored, so a strict reviewer’s 6 can count as much as a generous one’s 9.',
  earnings:
    'Earned: the net of every imported statement line matched to the recording, exact per currency, and in the label’s reporting currency with the royalty periods’ exchange rates (a currency no period has a rate for is shown apart).',
  recoupment:
    'Recoupment: from the contract’s ledger in Finance; "recouped" once the earnings have covered its advances and recoupable costs.',
} as const;

export const AR_MESSAGES = {
  dateFormat: (field: 'from' | 'to') => `${field}: use a date like 2025-01-31`,
  fromAfterTo: 'from: the start of the range must be on or before its end',
  rangeTooLong: `to: the range can span at most ${AR_LIMITS.maxRangeYears} years`,
  emptyFunnel: 'No demos were received in this range. Demos added with "Add Tracks" appear here.',
  noSignedDemos: 'No signed demos yet. A demo an admin signs appears here with what its recording earns.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Dates and ISO weeks (UTC, 'YYYY-MM-DD')

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

const fromDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** True for a date of the calendar written 'YYYY-MM-DD' (2025-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  return fromDayNumber(dayNumber(value)) === value;
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** The Monday of the ISO week holding the date. */
export function isoWeekStart(date: string): string {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays.
  const sinceMonday = (((day + 3) % 7) + 7) % 7;
  return fromDayNumber(day - sinceMonday);
}

/** The ISO week of a date as '2025-W02' (the week's Thursday decides its year). */
export function isoWeekKey(date: string): string {
  const thursday = dayNumber(isoWeekStart(date)) + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Mondays of every ISO week the range touches, oldest first. */
export function weekStarts(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let day = dayNumber(isoWeekStart(from)); day <= dayNumber(to); day += 7)
    weeks.push(fromDayNumber(day));
  return weeks;
}

export type ArRange = { from: string; to: string };

/**
 * The funnel's range from the query: both ends inclusive. Without `to`, today (UTC); without `from`,
 * the Monday 11 weeks before `to`'s week, so the range holds 12 ISO weeks. Answers the problem with
 * the field at fault when the range is backwards or longer than 30 years.
 */
export function resolveArRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): { range: ArRange } | { field: 'from' | 'to'; message: string } {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? addDays(isoWeekStart(to), -7 * (AR_LIMITS.defaultWeeks - 1));
  if (from > to) return { field: 'from', message: AR_MESSAGES.fromAfterTo };
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const limit = new Date(Date.UTC(y + AR_LIMITS.maxRangeYears, m - 1, d)).toISOString().slice(0, 10);
  if (to > limit) return { field: 'to', message: AR_MESSAGES.rangeTooLong };
  return { range: { from, to } };
}

// ---------------------------------------------------------------------------------------------------
// Figures as shown

/** Seconds as hours with one decimal (null stays null). */
export function hoursOf(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined) return null;
  return Math.round(seconds / 360) / 10;
}

/** A mean score with two decimals (null without scores). */
export function roundScore(value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(value * 100) / 100;
}

/**
 * The median of scores given as counts per score, as PostgreSQL's percentile_cont(0.5) answers it:
 * the middle score, or the mean of the middle two of an even count; null without any score.
 */
export function medianOfCounts(counts: ReadonlyArray<{ score: number; n: number }>): number | null {
  const sorted = counts.filter((c) => c.n > 0).sort((a, b) => a.score - b.score);
  const total = sorted.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return null;
  const scoreAt = (index: number) => {
    let seen = 0;
    for (const c of sorted) {
      seen += c.n;
      if (index < seen) return c.score;
    }
    return sorted[sorted.length - 1]!.score;
  };
  return (scoreAt(Math.floor((total - 1) / 2)) + scoreAt(Math.ceil((total - 1) / 2))) / 2;
}

/** A review's overall score is high for its author at or above the author's own median (AR_DEFINITIONS.highScore). */
export function isHighScore(overall: number, reviewerMedian: number | null): boolean {
  return reviewerMedian !== null && overall >= reviewerMedian;
}

/**
 * An exact amount as a CSV cell: a number when the number writes back as the same decimal (so a
 * spreadsheet sums it, and a negative one is not taken for a formula), else the exact text.
 */
export function csvDecimal(decimal: string | null): CsvValue {
  if (decimal === null) return null;
  const n = Number(decimal);
  const text = String(n);
  return Number.isFinite(n) && !/e/i.test(text) && canonicalDecimal(text) === canonicalDecimal(decimal)
    ? n
    : decimal;
}

// The answers' types are inferred from the endpoints' schemas; type-only, so no zod reaches the browser.
export type {
  ArDemoRevenueDto,
  ArFunnelDto,
} from './contracts/analytics-ar.ts';
