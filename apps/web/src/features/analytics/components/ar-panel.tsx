import {
  AR_DEFINITIONS,
  AR_MESSAGES,
  SUBMISSION_SOURCE_LABELS,
  type SubmissionSourceKind,
} from '@music-review/core/analytics-ar';
import { CalendarCheck, Clock, Ear, Inbox, PenLine, Target } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { LoadError } from '../../../components/list-states';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import type { FunnelDto } from '../analytics-types';
import type { AnalyticsUrl, ArRangeFilter } from '../analytics-url';
import { useExportArCsv } from '../api/export-ar-csv';
import { useArFunnel } from '../api/get-funnel';
import { rankedSummary } from './breakdown-cards';
import { CardSkeleton, ChartCard } from './chart-card';
import { ColumnChart, RankedBars } from './chart-figures';
import { CHART_COLORS } from './chart-theme';
import { DataTable } from './data-table';
import { formatCount, formatDay, formatHours, formatPercent, formatScore } from './format';
import { UpdatingNote } from './updating-note';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const fieldClass =
  'h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A day, YYYY-MM-DD: what is typed becomes the range once it is a whole date (or empty). */
function DayField({
  label,
  value,
  shown,
  onChange,
}: {
  label: string;
  value: string;
  shown: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value || shown);
  useEffect(() => setDraft(value || shown), [value, shown]);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={fieldClass}
        value={draft}
        onChange={(event) => {
          const next = event.target.value.trim();
          setDraft(next);
          if (next === '' || DAY.test(next)) onChange(next);
        }}
      />
    </div>
  );
}

function Figure({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums leading-tight text-foreground">{value}</dd>
      {note ? <dd className="text-sm text-muted-foreground">{note}</dd> : null}
    </Card>
  );
}

const GRID = 'grid gap-3 grid-cols-[repeat(auto-fit,minmax(13rem,1fr))]';

/** The funnel's figures: demos in, reaching the threshold, signed, signed lately, time to listen and decide. */
function FunnelFigures({ funnel }: { funnel: FunnelDto }) {
  const { totals } = funnel;
  const listen = funnel.time_to_first_listen;
  const decision = funnel.time_to_decision;
  return (
    <dl aria-label="A&R figures" className={GRID}>
      <Figure
        icon={<Inbox />}
        label="Demos received"
        value={formatCount(totals.demos)}
        note={`${formatCount(totals.decided)} decided: ${formatCount(totals.signed)} signed, ${formatCount(totals.passed)} passed`}
      />
      <Figure
        icon={<Target />}
        label="Reached the 60 % threshold"
        value={formatPercent(totals.threshold_share)}
        note={`${formatCount(totals.reached_threshold)} of ${formatCount(totals.demos)}: reviews from ${formatCount(funnel.threshold)} of ${formatCount(funnel.team_size)} members`}
      />
      <Figure
        icon={<PenLine />}
        label="Signed rate"
        value={formatPercent(totals.signed_rate)}
        note={`${formatCount(totals.signed)} of ${formatCount(totals.demos)} demos signed`}
      />
      <Figure
        icon={<CalendarCheck />}
        label="Signed in the last 30 days"
        value={formatCount(funnel.signed_last_30_days)}
      />
      <Figure
        icon={<Ear />}
        label="Time to first listen"
        value={formatHours(listen.median_hours)}
        note={`Median; 90 % within ${formatHours(listen.p90_hours)}. ${formatCount(listen.not_yet)} not listened to yet.`}
      />
      <Figure
        icon={<Clock />}
        label="Time to decision"
        value={formatHours(decision.median_hours)}
        note={`Median; 90 % within ${formatHours(decision.p90_hours)}. ${formatCount(decision.undecided)} undecided.`}
      />
    </dl>
  );
}

const SOURCE_COLORS: Record<SubmissionSourceKind, string> = {
  team: CHART_COLORS.brand,
  external: CHART_COLORS.brandSoft,
  none: CHART_COLORS.muted,
};
const SOURCE_KINDS: readonly SubmissionSourceKind[] = ['team', 'external', 'none'];

/**
 * The A&R tab, open to every plan (review data only): the demos received in a range (the last 12
 * weeks by default, kept in the URL), per week and by source, how fast they were listened to and
 * decided, each member's reviews and signed rate, and how many reached the 60 % threshold.
 */
export function ArPanel({ url }: { url: AnalyticsUrl }) {
  const funnel = useArFunnel(url.arRange);
  const answer = funnel.data;
  const range: ArRangeFilter = url.arRange;
  const exports = {
    weeks: useExportArCsv('funnel_weeks', range),
    sources: useExportArCsv('funnel_sources', range),
    reviewers: useExportArCsv('reviewers', range),
  };
  const rangeText = answer ? `${formatDay(answer.range.from)} – ${formatDay(answer.range.to)}` : '';
  const isEmpty = answer !== undefined && answer.totals.demos === 0;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <UpdatingNote updating={answer?.updating === true} />
      <fieldset className="min-w-0">
        <legend className="sr-only">Range</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(2,minmax(0,12rem))_auto] sm:items-end">
          <DayField
            label="From"
            value={range.from}
            shown={answer?.range.from ?? ''}
            onChange={(from) => url.setArRange({ ...range, from })}
          />
          <DayField
            label="To"
            value={range.to}
            shown={answer?.range.to ?? ''}
            onChange={(to) => url.setArRange({ ...range, to })}
          />
          <div className="col-span-2 flex items-end sm:col-span-1">
            <Button
              variant="outline"
              disabled={!range.from && !range.to}
              onClick={() => url.setArRange({ from: '', to: '' })}
            >
              Last 12 weeks
            </Button>
          </div>
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground">{AR_DEFINITIONS.cohort}</p>
      {funnel.isError ? (
        <LoadError
          message={funnel.error.message || 'The A&R figures could not be loaded.'}
          onRetry={() => void funnel.refetch()}
        />
      ) : null}
      {!answer ? (
        funnel.isError ? null : (
          <>
            <div role="status" aria-label="Loading the A&R figures" className={GRID}>
              {['a', 'b', 'c'].map((key) => (
                <Card key={key} className="flex flex-col gap-2 p-4">
                  <Skeleton className="h-4 w-24" />
                  <Skeleton className="h-7 w-32" />
                </Card>
              ))}
            </div>
            <CardSkeleton label="Loading demos per week" />
          </>
        )
      ) : (
        <>
          <FunnelFigures funnel={answer} />
          <ChartCard
            title="Demos per week"
            description={`${rangeText}. ${AR_DEFINITIONS.week}`}
            empty={isEmpty ? AR_MESSAGES.emptyFunnel : null}
            chart={
              <ColumnChart
                data={answer.weeks.map((week) => ({
                  week: week.week,
                  start: week.week_start,
                  demos: week.demos,
                  ...week.by_source,
                }))}
                nameKey="week"
                nameLabel={(week) => week.replace(/^\d{4}-W/, 'W')}
                title={(week) => `${week.week} (from ${formatDay(week.start)})`}
                isStacked
                series={SOURCE_KINDS.map((kind) => ({
                  key: kind,
                  label: SUBMISSION_SOURCE_LABELS[kind],
                  color: SOURCE_COLORS[kind],
                  text: (week: Record<SubmissionSourceKind, number>) => formatCount(week[kind]),
                }))}
                summary={`Demos received per week, ${rangeText}: ${formatCount(answer.totals.demos)} in ${formatCount(
                  answer.weeks.length,
                )} weeks, the most in one week ${formatCount(Math.max(0, ...answer.weeks.map((w) => w.demos)))}.`}
              />
            }
            table={
              <DataTable
                caption={`Demos per week, ${rangeText}`}
                columns={[
                  { header: 'Week', cell: (w) => w.week, isRowHeader: true },
                  { header: 'From', cell: (w) => formatDay(w.week_start), isNowrap: true },
                  { header: 'Demos', cell: (w) => formatCount(w.demos), isNumeric: true },
                  ...SOURCE_KINDS.map((kind) => ({
                    header: SUBMISSION_SOURCE_LABELS[kind],
                    cell: (w: FunnelDto['weeks'][number]) => formatCount(w.by_source[kind]),
                    isNumeric: true,
                  })),
                ]}
                rows={answer.weeks}
                rowKey={(w) => w.week}
              />
            }
            download={exports.weeks}
          />
          <ChartCard
            title="By source"
            description={`Who sent the demos in, and how many of each were signed. ${AR_DEFINITIONS.signedRate}`}
            empty={isEmpty ? AR_MESSAGES.emptyFunnel : null}
            chart={
              <ColumnChart
                data={answer.sources.map((source) => ({ ...source, short: source.label }))}
                nameKey="short"
                series={[
                  {
                    key: 'demos',
                    label: 'Demos',
                    color: CHART_COLORS.brand,
                    text: (s) => formatCount(s.demos),
                  },
                  {
                    key: 'signed',
                    label: 'Signed',
                    color: CHART_COLORS.success,
                    text: (s) => `${formatCount(s.signed)} (${formatPercent(s.signed_rate)})`,
                  },
                ]}
                summary={`Demos by source, ${rangeText}: ${answer.sources
                  .map(
                    (s) =>
                      `${s.label} ${formatCount(s.demos)}, ${formatCount(s.signed)} signed (${formatPercent(s.signed_rate)})`,
                  )
                  .join('; ')}.`}
              />
            }
            table={
              <DataTable
                caption={`Demos by source, ${rangeText}`}
                columns={[
                  { header: 'Source', cell: (s) => s.label, isRowHeader: true },
                  { header: 'Demos', cell: (s) => formatCount(s.demos), isNumeric: true },
                  {
                    header: 'Reached the threshold',
                    cell: (s) => formatCount(s.reached_threshold),
                    isNumeric: true,
                  },
                  { header: 'Signed', cell: (s) => formatCount(s.signed), isNumeric: true },
                  { header: 'Passed', cell: (s) => formatCount(s.passed), isNumeric: true },
                  { header: 'Signed rate', cell: (s) => formatPercent(s.signed_rate), isNumeric: true },
                ]}
                rows={answer.sources}
                rowKey={(s) => s.kind}
              />
            }
            download={exports.sources}
          />
          <ChartCard
            title="Reviews per member"
            description={`${AR_DEFINITIONS.threshold} ${AR_DEFINITIONS.signedRate}`}
            empty={answer.reviewers.length === 0 ? 'No reviews of these demos yet.' : null}
            chart={
              <RankedBars
                data={answer.reviewers.slice(0, 10)}
                nameKey="name"
                series={{
                  key: 'reviews',
                  label: 'Reviews',
                  color: CHART_COLORS.brand,
                  text: (r) => formatCount(r.reviews),
                }}
                summary={rankedSummary(
                  'Reviews per member',
                  answer.reviewers.map((r) => ({ label: r.name, text: formatCount(r.reviews) })),
                  answer.reviewers.length,
                  rangeText,
                )}
              />
            }
            table={
              <DataTable
                caption={`Reviews per member, ${rangeText}`}
                columns={[
                  {
                    header: 'Member',
                    cell: (r) => (r.is_member ? r.name : `${r.name} (left the label)`),
                    isRowHeader: true,
                  },
                  { header: 'Reviews', cell: (r) => formatCount(r.reviews), isNumeric: true },
                  { header: 'Marked useless', cell: (r) => formatCount(r.useless), isNumeric: true },
                  { header: 'Demos reviewed', cell: (r) => formatCount(r.demos_reviewed), isNumeric: true },
                  { header: 'Average overall', cell: (r) => formatScore(r.average_overall), isNumeric: true },
                  { header: 'Average musical', cell: (r) => formatScore(r.average_musical), isNumeric: true },
                  { header: 'Average artist', cell: (r) => formatScore(r.average_artist), isNumeric: true },
                  { header: 'Signed', cell: (r) => formatCount(r.signed), isNumeric: true },
                  { header: 'Signed rate', cell: (r) => formatPercent(r.signed_rate), isNumeric: true },
                ]}
                rows={answer.reviewers}
                rowKey={(r) => r.reviewer_id}
              />
            }
            download={exports.reviewers}
          />
          <p className="text-xs text-muted-foreground">
            {AR_DEFINITIONS.firstListen} {AR_DEFINITIONS.decision}
          </p>
        </>
      )}
    </div>
  );
}
