/**
 * A&R analytics (issue 17 points 2 and 3): the funnel of the demos received in a range (open to
 * every plan: review data only), what the signed demos became and earned (statement lines: gated
 * like the catalogue), and their CSV exports. What each figure means: AR_DEFINITIONS in
 * packages/core/src/analytics-ar.ts.
 */
import {
  ANALYTICS_EXPORT_TYPE,
  ANALYTICS_MESSAGES,
  convertSums,
  displayDecimal,
  type MonthCurrencySum,
  sharePercent,
} from '@music-review/core/analytics';
import {
  type ArDemoRevenueDto,
  type ArExportReport,
  type ArFunnelDto,
  type ArRange,
  csvDecimal,
  FORMER_MEMBER,
  hoursOf,
  isHighScore,
  isoWeekKey,
  medianOfCounts,
  RECOUPMENT_LABELS,
  resolveArRange,
  roundScore,
  SUBMISSION_SOURCE_KINDS,
  SUBMISSION_SOURCE_LABELS,
  type SubmissionSourceKind,
  weekStarts,
} from '@music-review/core/analytics-ar';
import { withoutFieldPath } from '@music-review/core/api-errors';
import { type CsvValue, toCsv } from '@music-review/core/csv';
import {
  compareDecimals,
  currencyExponent,
  fromScaled,
  isCurrency,
  sumDecimals,
} from '@music-review/core/money';
import { averageScores, sixtyPercentThreshold } from '@music-review/core/review-rules';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { iso, isoOrNull } from '../../platform/dates.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import { signedSongsInUsageWindow } from '../hub/hub.service.ts';
import { createDealsService } from '../royalties/deals.service.ts';
import { analyticsCache } from './analytics-cache.ts';
import * as repo from './ar.repo.ts';
import { loadCurrencySetup } from './currency.ts';

type Amount = { currency: string; amount: string };
type DemoDto = ArDemoRevenueDto['demos'][number];
/** The funnel without the count that moves with the clock. */
type FunnelFigures = Omit<ArFunnelDto, 'signed_last_30_days' | 'updating'>;
type DealDto = Awaited<ReturnType<ReturnType<typeof createDealsService>['list']>>['rows'][number];

/** Case-insensitive text order that is the same on every machine (no locale data). */
const byText = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

const rateOf = (part: number, whole: number) => sharePercent(String(part), String(whole));

/** Exact sums per currency, in currency order. */
function perCurrency(rows: ReadonlyArray<{ currency: string; net: string }>): Amount[] {
  const by = new Map<string, string[]>();
  for (const r of rows) by.set(r.currency, [...(by.get(r.currency) ?? []), r.net]);
  return [...by]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, nets]) => ({ currency, amount: sumDecimals(nets) }));
}

const amountsText = (amounts: readonly Amount[]) =>
  amounts.map((a) => `${a.currency} ${a.amount}`).join('; ');

/**
 * A song's advance and recoupment from the ledgers of its contracts' royalty terms (Finance,
 * decision 0029: royalties/ledger.ts dealBalances, read through the deals service): per currency,
 * what was advanced, and what of the advances and recoupable costs the earnings have not covered.
 * Without terms, the advance its signed contract names, and no recoupment state.
 */
function recoupmentOf(
  deals: readonly DealDto[],
  contracts: readonly repo.SignedContractRow[],
): Pick<DemoDto, 'advance' | 'recoupment'> {
  const fromContract: Amount[] = perCurrency(
    contracts
      .filter(
        (c) =>
          c.status === 'signed' && /^[1-9]\d*$/.test(c.advance_cents ?? '') && isCurrency(c.currency ?? ''),
      )
      .map((c) => ({ currency: c.currency!, net: fromScaled(BigInt(c.advance_cents!), 2) })),
  );
  const contractAdvance =
    fromContract.length > 0 ? { source: 'contract' as const, amounts: fromContract } : null;
  if (deals.length === 0)
    return { advance: contractAdvance, recoupment: { state: 'no_terms', remaining: [] } };

  const advances = new Map<string, bigint>();
  const charges = new Map<string, bigint>();
  const remaining = new Map<string, bigint>();
  const add = (map: Map<string, bigint>, currency: string, minor: bigint) =>
    map.set(currency, (map.get(currency) ?? 0n) + minor);
  for (const deal of deals)
    for (const b of deal.balances) {
      const charged = BigInt(b.advances_minor) + BigInt(b.costs_minor);
      add(advances, b.currency, BigInt(b.advances_minor));
      add(charges, b.currency, charged);
      add(remaining, b.currency, charged - BigInt(b.recouped_minor));
    }
  const amounts = (map: Map<string, bigint>) =>
    [...map]
      .filter(([, minor]) => minor !== 0n)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, minor]) => ({ currency, amount: fromScaled(minor, currencyExponent(currency)) }));
  const advanced = amounts(advances);
  const left = amounts(remaining);
  return {
    advance: advanced.length > 0 ? { source: 'ledger', amounts: advanced } : contractAdvance,
    recoupment: {
      state: amounts(charges).length === 0 ? 'no_advance' : left.length > 0 ? 'unrecouped' : 'recouped',
      remaining: left,
    },
  };
}

export function createArAnalyticsService(ctx: AppContext) {
  const { database } = ctx;
  const deals = createDealsService(ctx);
  const cache = analyticsCache(ctx);

  function rangeOf(query: { from?: string | undefined; to?: string | undefined }, now: Date): ArRange {
    const resolved = resolveArRange(query, now);
    if ('field' in resolved)
      throw validationError(
        { [resolved.field]: withoutFieldPath(resolved.message, resolved.field) },
        resolved.message,
      );
    return resolved.range;
  }

  /**
   * The funnel of a range, kept per label and range under the label's data version
   * (analytics-cache.ts; review data only, open to every plan, the same for every member). Without
   * `to` the range ends today: kept for the UTC day only. "Signed in the last 30 days" is the Label
   * Hub's own count, read at each request: it moves with the clock, not with a day.
   */
  async function funnel(
    member: Member,
    query: { from?: string | undefined; to?: string | undefined },
    now = new Date(),
    { current = false } = {},
  ): Promise<ArFunnelDto> {
    const range = rangeOf(query, now);
    const [figures, signedLast30Days] = await Promise.all([
      cache.answer(member, 'funnel', range, () => funnelFigures(member.organizationId, range), {
        today: !query.to,
        now,
        current,
      }),
      // The Label Hub's own count, so both pages always show the same number.
      signedSongsInUsageWindow(ctx, member, now),
    ]);
    return { ...figures, signed_last_30_days: signedLast30Days };
  }

  async function funnelFigures(org: string, range: ArRange): Promise<FunnelFigures> {
    const data = await database.withOrg(org, async (tx) => {
      const team = await repo.teamMembers(tx, org);
      const threshold = sixtyPercentThreshold(team.length);
      return {
        teamSize: team.length,
        threshold,
        row: await repo.funnel(tx, org, range, threshold),
        reviewers: await repo.reviewerFunnel(tx, org, range),
      };
    });
    const { row } = data;

    const zero = (): Record<SubmissionSourceKind, number> => ({ team: 0, external: 0, none: 0 });
    const byWeek = new Map<string, Record<SubmissionSourceKind, number>>();
    for (const w of row.weeks) {
      const tally = byWeek.get(w.week_start) ?? zero();
      tally[w.source_kind] += w.demos;
      byWeek.set(w.week_start, tally);
    }
    const sources = SUBMISSION_SOURCE_KINDS.map((kind) => {
      const found = row.sources.find((s) => s.source_kind === kind);
      const s = found ?? { demos: 0, reached: 0, signed: 0, passed: 0 };
      return {
        kind,
        label: SUBMISSION_SOURCE_LABELS[kind],
        demos: s.demos,
        reached_threshold: s.reached,
        signed: s.signed,
        passed: s.passed,
        signed_rate: rateOf(s.signed, s.demos),
      };
    });
    const total = (key: 'demos' | 'reached_threshold' | 'signed' | 'passed') =>
      sources.reduce((n, s) => n + s[key], 0);
    const demos = total('demos');
    const weeks = weekStarts(range.from, range.to).map((start) => {
      const bySource = byWeek.get(start) ?? zero();
      return {
        week: isoWeekKey(start),
        week_start: start,
        demos: bySource.team + bySource.external + bySource.none,
        by_source: bySource,
      };
    });
    return {
      range: { ...range, weeks: weeks.length },
      team_size: data.teamSize,
      threshold: data.threshold,
      totals: {
        demos,
        reached_threshold: total('reached_threshold'),
        threshold_share: rateOf(total('reached_threshold'), demos),
        decided: total('signed') + total('passed'),
        signed: total('signed'),
        passed: total('passed'),
        signed_rate: rateOf(total('signed'), demos),
      },
      weeks,
      sources,
      time_to_first_listen: {
        count: row.first_listen.count,
        not_yet: demos - row.first_listen.count,
        median_hours: hoursOf(row.first_listen.median),
        p90_hours: hoursOf(row.first_listen.p90),
      },
      time_to_decision: {
        count: row.decision.count,
        undecided: demos - row.decision.decided,
        untimed: row.decision.decided - row.decision.count,
        median_hours: hoursOf(row.decision.median),
        p90_hours: hoursOf(row.decision.p90),
      },
      reviewers: data.reviewers.map((r) => ({
        reviewer_id: r.reviewer_id,
        name: r.name ?? FORMER_MEMBER,
        is_member: r.is_member,
        reviews: r.reviews,
        useless: r.useless,
        demos_reviewed: r.demos_reviewed,
        average_overall: roundScore(r.average_overall),
        average_musical: roundScore(r.average_musical),
        average_artist: roundScore(r.average_artist),
        signed: r.signed,
        signed_rate: rateOf(r.signed, r.demos_reviewed),
      })),
    };
  }

  /**
   * Every signed demo and what it earned, kept per label under the label's data version
   * (analytics-cache.ts: the songs, reviews, rollups, periods, settings, contracts, deals, payees
   * and ledger it reads all raise it). Gated like the catalogue, before the cache.
   */
  async function demoRevenue(member: Member, { current = false } = {}): Promise<ArDemoRevenueDto> {
    requireCatalogue(member);
    return cache.answer(member, 'demo_revenue', {}, () => computeDemoRevenue(member), { current });
  }

  async function computeDemoRevenue(member: Member): Promise<Omit<ArDemoRevenueDto, 'updating'>> {
    const org = member.organizationId;
    const data = await database.withOrg(org, async (tx) => ({
      demos: await repo.signedDemos(tx, org),
      team: await repo.teamMembers(tx, org),
      scoreCounts: await repo.reviewerScoreCounts(tx, org),
      earnings: await repo.signedRecordingEarnings(tx, org),
      contracts: await repo.signedDemoContracts(tx, org),
      currency: await loadCurrencySetup(tx, org),
    }));
    const { rows: dealRows } = await deals.list(member);
    const { reporting, periods } = data.currency;

    const earningsOf = new Map<string, MonthCurrencySum[]>();
    for (const e of data.earnings)
      earningsOf.set(e.recording_id, [...(earningsOf.get(e.recording_id) ?? []), e]);
    /** Exact per currency, and converted into the reporting currency (what could not be, apart). */
    const earned = (rows: readonly MonthCurrencySum[]) => {
      const converted = convertSums(rows, reporting, periods);
      return {
        earnings: perCurrency(rows),
        earned: {
          amount: displayDecimal(converted.income),
          not_converted: [...converted.notConverted]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([currency, amount]) => ({ currency, amount })),
        },
      };
    };

    // Each member's median, how many demos they scored at or above it, and which of those were signed.
    const countsOf = new Map<string, repo.ScoreCountRow[]>();
    for (const c of data.scoreCounts)
      countsOf.set(c.reviewer_id, [...(countsOf.get(c.reviewer_id) ?? []), c]);
    const scoring = [...countsOf].map(([reviewerId, counts]) => {
      const median = medianOfCounts(counts);
      const high = counts.filter((c) => isHighScore(c.score, median));
      return {
        reviewerId,
        median,
        highScored: high.reduce((n, c) => n + c.n, 0),
        highSigned: new Set(high.flatMap((c) => c.signed)),
      };
    });
    const medians = new Map(scoring.map((s) => [s.reviewerId, s.median]));
    const names = new Map(data.team.map((m) => [m.id, m.name]));
    const contractsOf = new Map<string, repo.SignedContractRow[]>();
    for (const c of data.contracts) contractsOf.set(c.song_id, [...(contractsOf.get(c.song_id) ?? []), c]);
    const dealOf = new Map(dealRows.map((d) => [d.contract_id, d]));

    const demos: DemoDto[] = data.demos.map((d) => {
      const averages = averageScores(
        d.scores.map((s) => ({
          reviewer_id: s.reviewer_id,
          musical_score: s.musical,
          artist_score: s.artist,
          overall_score: s.overall,
          is_useless: s.is_useless,
        })),
      );
      const contracts = contractsOf.get(d.id) ?? [];
      const songDeals = contracts.map((c) => dealOf.get(c.id)).filter((deal) => deal !== undefined);
      return {
        song_id: d.id,
        title: d.title,
        artist: d.artist,
        submitted_at: iso(d.submitted_at),
        source_kind: d.source_kind,
        signed_at: isoOrNull(d.signed_at),
        averages: {
          musical: roundScore(averages.musical),
          artist: roundScore(averages.artist),
          overall: roundScore(averages.overall),
          reviews: averages.count,
        },
        scores: d.scores.map((s) => ({
          reviewer_id: s.reviewer_id,
          name: s.name ?? FORMER_MEMBER,
          musical: s.musical,
          artist: s.artist,
          overall: s.overall,
          is_useless: s.is_useless,
          is_high: !s.is_useless && isHighScore(s.overall, medians.get(s.reviewer_id) ?? null),
          reviewed_at: iso(s.reviewed_at),
        })),
        recording: d.recording_id
          ? {
              id: d.recording_id,
              title: d.recording_title ?? d.title,
              display_artist: d.display_artist ?? d.artist,
              isrc: d.isrc,
            }
          : null,
        ...earned(d.recording_id ? (earningsOf.get(d.recording_id) ?? []) : []),
        ...recoupmentOf(songDeals, contracts),
      };
    });

    const reviewers = scoring
      .map((s) => {
        const signed = demos.filter((d) => s.highSigned.has(d.song_id));
        const rows = signed.flatMap((d) => (d.recording ? (earningsOf.get(d.recording.id) ?? []) : []));
        return {
          reviewer_id: s.reviewerId,
          name: names.get(s.reviewerId) ?? FORMER_MEMBER,
          median_score: s.median,
          high_scored: s.highScored,
          high_signed: signed.length,
          ...earned(rows),
          demos: signed
            .map((d) => ({ song_id: d.song_id, title: d.title }))
            .sort((a, b) => byText(a.title, b.title) || byText(a.song_id, b.song_id)),
        };
      })
      .sort(
        (a, b) =>
          b.high_signed - a.high_signed ||
          compareDecimals(b.earned.amount, a.earned.amount) ||
          byText(a.name, b.name) ||
          byText(a.reviewer_id, b.reviewer_id),
      );

    return {
      reporting_currency: reporting,
      rates_used: convertSums(data.earnings, reporting, periods).ratesUsed,
      demos,
      reviewers,
    };
  }

  /** The rows of one report, its first row the headers. */
  async function reportRows(
    member: Member,
    report: ArExportReport,
    query: { from?: string | undefined; to?: string | undefined },
    now: Date,
  ): Promise<CsvValue[][]> {
    if (report === 'demo_revenue') {
      // A file holds the current figures, never the kept ones of before a change (decision 0034).
      const answer = await demoRevenue(member, { current: true });
      return [
        [
          'Title',
          'Artist',
          'Signed on',
          'Reviews at decision',
          'Average overall',
          'Average musical',
          'Average artist',
          'Recording',
          'ISRC',
          `Earned (${answer.reporting_currency})`,
          'Earned per currency',
          'Not converted',
          'Advance',
          'Recoupment',
          'Remaining to recoup',
        ],
        ...answer.demos.map((d) => [
          d.title,
          d.artist,
          d.signed_at?.slice(0, 10) ?? null,
          d.averages.reviews,
          d.averages.overall,
          d.averages.musical,
          d.averages.artist,
          d.recording?.title ?? null,
          d.recording?.isrc ?? null,
          csvDecimal(d.earned.amount),
          amountsText(d.earnings),
          amountsText(d.earned.not_converted),
          d.advance ? amountsText(d.advance.amounts) : null,
          RECOUPMENT_LABELS[d.recoupment.state],
          amountsText(d.recoupment.remaining),
        ]),
      ];
    }
    const answer = await funnel(member, query, now, { current: true });
    if (report === 'funnel_weeks')
      return [
        [
          'Week',
          'Week starting',
          'Demos',
          ...SUBMISSION_SOURCE_KINDS.map((k) => SUBMISSION_SOURCE_LABELS[k]),
        ],
        ...answer.weeks.map((w) => [
          w.week,
          w.week_start,
          w.demos,
          ...SUBMISSION_SOURCE_KINDS.map((k) => w.by_source[k]),
        ]),
      ];
    if (report === 'funnel_sources')
      return [
        ['Source', 'Demos', 'Reached the 60 % threshold', 'Signed', 'Passed', 'Signed rate (%)'],
        ...answer.sources.map((s) => [
          s.label,
          s.demos,
          s.reached_threshold,
          s.signed,
          s.passed,
          csvDecimal(s.signed_rate),
        ]),
      ];
    return [
      [
        'Member',
        'Reviews',
        'Marked useless',
        'Demos reviewed',
        'Average overall',
        'Average musical',
        'Average artist',
        'Signed',
        'Signed rate (%)',
      ],
      ...answer.reviewers.map((r) => [
        r.name,
        r.reviews,
        r.useless,
        r.demos_reviewed,
        r.average_overall,
        r.average_musical,
        r.average_artist,
        r.signed,
        csvDecimal(r.signed_rate),
      ]),
    ];
  }

  return {
    funnel,
    demoRevenue,

    /**
     * GET /api/v1/analytics/ar/export: one report as a CSV through the app's one writer (core csv.ts),
     * counted once against the plan's monthly exports (403 plan_limit_reached past them) after its
     * input is checked, on the counter of every analytics export.
     */
    async exportCsv(
      member: Member,
      query: { report: ArExportReport; from?: string | undefined; to?: string | undefined },
      now = new Date(),
    ) {
      const org = member.organizationId;
      const range = query.report === 'demo_revenue' ? null : rangeOf(query, now);
      if (query.report === 'demo_revenue') requireCatalogue(member);
      await database.withOrg(org, async (tx) => {
        if (!(await repo.exportAllowed(tx, org, ANALYTICS_EXPORT_TYPE)))
          throw new AppError(
            'plan_limit_reached',
            ANALYTICS_MESSAGES.exportLimit(await repo.monthlyExportLimit(tx, org)),
          );
        await repo.recordExport(tx, org, ANALYTICS_EXPORT_TYPE);
      });
      const rows = await reportRows(member, query.report, range ?? {}, now);
      const name = query.report.replace(/_/g, '-');
      const filename = range
        ? `ar-${name}-${range.from}-to-${range.to}.csv`
        : `ar-${name}-${now.toISOString().slice(0, 10)}.csv`;
      return { text: toCsv(rows, { bom: true }), filename };
    },
  };
}
