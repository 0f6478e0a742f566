/**
 * The SQL of the A&R analytics (issue 17 points 2 and 3): the funnel over the demos received in a
 * range, the signed demos with their scores at decision, whose high scores they were, and what their
 * recordings earned (from the recording rollup, never the statement lines). Every statement filters
 * on the organization and runs in its row-level-security transaction.
 */
import type { ArRange, SubmissionSourceKind } from '@music-review/core/analytics-ar';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * The submitter's group for a song aliased s: a member's address (the spec shows their name), any
 * other address, or none. The members' addresses are read once per statement, not once per song.
 */
const sourceKind = (org: string) => sql`case
  when nullif(btrim(s.submission_source), '') is null then 'none'
  when lower(btrim(s.submission_source)) in (select lower(m.email) from reviewers m where m.organization_id = ${org})
    then 'team'
  else 'external' end`;

/**
 * When a song was decided: decided_at, set by the sign and pass paths. A song signed before that
 * column existed (or made signed by the demo seed) takes the moment it became a recording, or its
 * first contract if sooner, as the catalogue's lineage does (catalogue/lineage.repo.ts); one passed
 * then has no time. The stand-ins are read in one grouped pass (the CTE below, joined as `ld`), not
 * per song, which keeps the plan cheap enough for PostgreSQL not to compile it (JIT).
 */
const legacyDecisions = (org: string) => sql`legacy_decisions as (
  select s.id, least(min(rec.created_at), min(c.created_at)) as decided_at
  from songs s
  left join recordings rec on rec.organization_id = ${org} and rec.song_id = s.id and rec.origin = 'demo'
  left join contracts c on c.organization_id = ${org} and c.song_id = s.id
  where s.organization_id = ${org} and s.status = 'signed' and s.decided_at is null
  group by s.id
)`;
const DECIDED_AT = sql`case when s.status in ('signed', 'passed') then coalesce(s.decided_at, ld.decided_at) end`;
const WITH_LEGACY = sql`left join legacy_decisions ld on ld.id = s.id`;

/** The first day of the range at 00:00 UTC and the day after its last, for a half-open interval. */
const rangeBounds = (range: ArRange) => ({
  start: sql`(${range.from}::date)::timestamp at time zone 'UTC'`,
  end: sql`(${range.to}::date + 1)::timestamp at time zone 'UTC'`,
});

const inRange = (org: string, range: ArRange): SQL => {
  const { start, end } = rangeBounds(range);
  return sql`s.organization_id = ${org} and s.submitted_at >= ${start} and s.submitted_at < ${end}`;
};

// ---------------------------------------------------------------------------------------------------
// The funnel

export type TeamRow = { id: string; name: string };

/** The label's members now: the team the 60 % threshold is computed on (as the dashboard does). */
export function teamMembers(tx: OrgTx, org: string) {
  return queryRows<TeamRow>(
    tx,
    sql`select id, name from reviewers where organization_id = ${org} order by lower(name), id`,
  );
}

type Seconds = number | null;

export type FunnelRow = {
  weeks: Array<{ week_start: string; source_kind: SubmissionSourceKind; demos: number }>;
  sources: Array<{
    source_kind: SubmissionSourceKind;
    demos: number;
    reached: number;
    signed: number;
    passed: number;
  }>;
  first_listen: { count: number; median: Seconds; p90: Seconds };
  decision: { count: number; decided: number; median: Seconds; p90: Seconds };
};

/**
 * The demos received in the range (the cohort), each with its week, its submitter's group, when it
 * was decided, its first review and the reviewers of its current version (a member reviews a
 * version once, so its reviews count its reviewers); then the counts per week and group, and the
 * percentiles of the two waits in seconds (percentile_cont: the median of an even count is the mean
 * of the middle two). One statement, set-based: no query per demo.
 */
export async function funnel(tx: OrgTx, org: string, range: ArRange, threshold: number) {
  const [row] = await queryRows<FunnelRow>(
    tx,
    sql`with ${legacyDecisions(org)}, cohort as materialized (
          select s.id, s.status, s.submitted_at, s.current_version_number,
            to_char(date_trunc('week', s.submitted_at at time zone 'UTC'), 'YYYY-MM-DD') as week_start,
            ${sourceKind(org)} as source_kind,
            ${DECIDED_AT} as decided_at
          from songs s ${WITH_LEGACY}
          where ${inRange(org, range)}
        ), heard as (
          select c.id, min(r.reviewed_at) as first_review,
            count(*) filter (where r.song_version_number = c.current_version_number) as current_reviewers
          from cohort c join reviews r on r.organization_id = ${org} and r.song_id = c.id
          group by c.id
        ), demos as materialized (
          select c.status, c.week_start, c.source_kind,
            coalesce(h.current_reviewers, 0) >= ${threshold} as reached,
            -- greatest() skips nulls, so the case keeps a demo without the event out of the percentile.
            case when h.first_review is not null
              then greatest(0, extract(epoch from h.first_review - c.submitted_at))::float8 end as to_listen,
            case when c.decided_at is not null
              then greatest(0, extract(epoch from c.decided_at - c.submitted_at))::float8 end as to_decision
          from cohort c left join heard h on h.id = c.id
        )
        select
          coalesce((select json_agg(w order by w.week_start, w.source_kind) from (
            select week_start, source_kind, count(*)::int as demos from demos group by 1, 2) w), '[]') as weeks,
          coalesce((select json_agg(k order by k.source_kind) from (
            select source_kind, count(*)::int as demos,
              count(*) filter (where reached)::int as reached,
              count(*) filter (where status = 'signed')::int as signed,
              count(*) filter (where status = 'passed')::int as passed
            from demos group by 1) k), '[]') as sources,
          (select json_build_object('count', count(to_listen),
              'median', percentile_cont(0.5) within group (order by to_listen),
              'p90', percentile_cont(0.9) within group (order by to_listen)) from demos) as first_listen,
          (select json_build_object('count', count(to_decision),
              'decided', count(*) filter (where status in ('signed', 'passed')),
              'median', percentile_cont(0.5) within group (order by to_decision),
              'p90', percentile_cont(0.9) within group (order by to_decision)) from demos) as decision`,
  );
  return row!;
}

export type ReviewerFunnelRow = {
  reviewer_id: string;
  name: string | null;
  is_member: boolean;
  reviews: number;
  useless: number;
  demos_reviewed: number;
  signed: number;
  average_overall: number | null;
  average_musical: number | null;
  average_artist: number | null;
};

/**
 * Each member's reviews of the demos in the range: every review counts (any version, useless ones
 * too), the averages leave useless ones out (core review-rules), a demo counts once however many of
 * its versions the member reviewed. Members without a review are listed with zeros; someone who left
 * the label keeps their reviews, without a name (their row is no longer the label's).
 */
export function reviewerFunnel(tx: OrgTx, org: string, range: ArRange) {
  return queryRows<ReviewerFunnelRow>(
    tx,
    sql`with cohort as (
          select s.id, s.status from songs s where ${inRange(org, range)}
        ), per as (
          select r.reviewer_id, count(*)::int as reviews,
            count(*) filter (where r.is_useless)::int as useless,
            count(distinct r.song_id)::int as demos_reviewed,
            count(distinct r.song_id) filter (where c.status = 'signed')::int as signed,
            (avg(r.overall_score) filter (where not r.is_useless))::float8 as average_overall,
            (avg(r.musical_score) filter (where not r.is_useless))::float8 as average_musical,
            (avg(r.artist_score) filter (where not r.is_useless))::float8 as average_artist
          from reviews r join cohort c on c.id = r.song_id
          where r.organization_id = ${org}
          group by r.reviewer_id
        ), team as (
          select id, name from reviewers where organization_id = ${org}
        )
        select coalesce(t.id, p.reviewer_id) as reviewer_id, t.name, t.id is not null as is_member,
          coalesce(p.reviews, 0) as reviews, coalesce(p.useless, 0) as useless,
          coalesce(p.demos_reviewed, 0) as demos_reviewed, coalesce(p.signed, 0) as signed,
          p.average_overall, p.average_musical, p.average_artist
        from team t full join per p on p.reviewer_id = t.id
        order by coalesce(p.reviews, 0) desc, t.name is null, lower(t.name), 1`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Demo to revenue

export type SignedDemoRow = {
  id: string;
  title: string;
  artist: string;
  submitted_at: Date | string;
  source_kind: SubmissionSourceKind;
  signed_at: Date | string | null;
  recording_id: string | null;
  recording_title: string | null;
  display_artist: string | null;
  isrc: string | null;
  scores: Array<{
    reviewer_id: string;
    name: string | null;
    musical: number;
    artist: number;
    overall: number;
    is_useless: boolean;
    reviewed_at: string;
  }>;
};

/**
 * The label's signed demos, latest signed first, with the recording each became and the current
 * version's reviews made before the decision (its scores at decision time).
 */
export function signedDemos(tx: OrgTx, org: string) {
  return queryRows<SignedDemoRow>(
    tx,
    sql`with ${legacyDecisions(org)}, signed as materialized (
          select s.id, s.title, s.artist, s.submitted_at, s.current_version_number,
            ${sourceKind(org)} as source_kind, ${DECIDED_AT} as signed_at
          from songs s ${WITH_LEGACY} where s.organization_id = ${org} and s.status = 'signed'
        ), scores as (
          select r.song_id, json_agg(json_build_object('reviewer_id', r.reviewer_id, 'name', rv.name,
              'musical', r.musical_score, 'artist', r.artist_score, 'overall', r.overall_score,
              'is_useless', r.is_useless, 'reviewed_at', r.reviewed_at) order by r.reviewed_at, r.reviewer_id) as scores
          from signed sg
          join reviews r on r.organization_id = ${org} and r.song_id = sg.id
            and r.song_version_number = sg.current_version_number
            and (sg.signed_at is null or r.reviewed_at <= sg.signed_at)
          left join reviewers rv on rv.id = r.reviewer_id and rv.organization_id = ${org}
          group by r.song_id
        )
        select sg.id, sg.title, sg.artist, sg.submitted_at, sg.source_kind, sg.signed_at,
          rec.id as recording_id, rec.title as recording_title, rec.display_artist, rec.isrc,
          coalesce(sc.scores, '[]') as scores
        from signed sg
        left join recordings rec on rec.organization_id = ${org} and rec.song_id = sg.id
        left join scores sc on sc.song_id = sg.id
        order by sg.signed_at desc nulls last, lower(sg.title), sg.id`,
  );
}

export type ScoreCountRow = {
  reviewer_id: string;
  score: number;
  n: number;
  /** The signed demos among them. */
  signed: string[];
};

/**
 * Each member's score of a demo is the overall score of their review of its current version made
 * before the decision, useless reviews left out. Answered as counts per member and score (scores are
 * whole numbers 1 to 10, so at most ten rows a member), with the signed demos of each: the median
 * and the high scores follow from these (core analytics-ar.ts) without sorting every review.
 */
export function reviewerScoreCounts(tx: OrgTx, org: string) {
  return queryRows<ScoreCountRow>(
    tx,
    sql`with ${legacyDecisions(org)}, decided as (
          select s.id, s.status, s.current_version_number, ${DECIDED_AT} as decided_at
          from songs s ${WITH_LEGACY} where s.organization_id = ${org}
        )
        select r.reviewer_id, r.overall_score as score, count(*)::int as n,
          coalesce(json_agg(r.song_id) filter (where d.status = 'signed'), '[]') as signed
        from reviews r join decided d on d.id = r.song_id
        where r.organization_id = ${org} and not r.is_useless
          and r.song_version_number = d.current_version_number
          and (d.decided_at is null or r.reviewed_at <= d.decided_at)
        group by r.reviewer_id, r.overall_score`,
  );
}

/**
 * What each signed demo's recording has earned: the net of its statement lines per sale month and
 * currency (the month picks the exchange rate), summed from the recording rollup of the imports that
 * are imported (a discarded or undecided import's rows do not count), exact.
 */
export function signedRecordingEarnings(tx: OrgTx, org: string) {
  return queryRows<{ recording_id: string; month: string; currency: string; net: string }>(
    tx,
    sql`select r.recording_id, to_char(r.sale_month, 'YYYY-MM') as month, r.currency, sum(r.net)::text as net
        from statement_rollups_recording r
        join royalty_imports i on i.id = r.import_id and i.organization_id = ${org} and i.status = 'imported'
        join recordings rec on rec.id = r.recording_id and rec.organization_id = ${org}
        join songs s on s.id = rec.song_id and s.organization_id = ${org} and s.status = 'signed'
        where r.organization_id = ${org}
        group by r.recording_id, r.sale_month, r.currency
        order by r.recording_id, r.sale_month, r.currency`,
  );
}

export type SignedContractRow = {
  id: string;
  song_id: string;
  status: string;
  advance_cents: string | null;
  currency: string | null;
};

/** The contracts of signed demos, with the advance their terms name (minor units, as the generator writes it). */
export function signedDemoContracts(tx: OrgTx, org: string) {
  return queryRows<SignedContractRow>(
    tx,
    sql`select c.id, c.song_id, c.status, c.terms->>'advance_cents' as advance_cents, c.terms->>'currency' as currency
        from contracts c join songs s on s.id = c.song_id and s.organization_id = ${org} and s.status = 'signed'
        where c.organization_id = ${org}
        order by c.created_at, c.id`,
  );
}

// ---------------------------------------------------------------------------------------------------
// The plan's monthly exports (the spec's check_export_limit / record_export_usage, as the catalogue's)

export async function exportAllowed(tx: OrgTx, org: string, exportType: string) {
  const [row] = await queryRows<{ allowed: boolean | null }>(
    tx,
    sql`select check_export_limit(${org}, ${exportType}) as allowed`,
  );
  return row?.allowed === true;
}

export async function recordExport(tx: OrgTx, org: string, exportType: string) {
  await tx.execute(sql`select record_export_usage(${org}, ${exportType})`);
}

export async function monthlyExportLimit(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ monthly_export_limit: number }>(
    tx,
    sql`select p.monthly_export_limit from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${org}`,
  );
  return row?.monthly_export_limit ?? 0;
}
