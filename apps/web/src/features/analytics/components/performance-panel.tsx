import { LIFECYCLE_LABELS } from '@music-review/core/analytics';
import { compareDecimals } from '@music-review/core/money';
import { LoadError } from '../../../components/list-states';
import { cn } from '../../../lib/cn';
import { isPlanRequired, PlanRequired } from '../../finance';
import type { PerformanceDto } from '../analytics-types';
import type { AnalyticsUrl } from '../analytics-url';
import { useExportAnalyticsCsv } from '../api/export-analytics-csv';
import { useAnalyticsBreakdown } from '../api/get-breakdown';
import { useAnalyticsPerformance } from '../api/get-performance';
import { FILTER_CHOICE_ROWS } from '../api/keys';
import { RankedBreakdownCard, rankedSummary, TopListCard } from './breakdown-cards';
import { CardSkeleton, ChartCard } from './chart-card';
import { ColumnChart, RankedBars, TimeChart } from './chart-figures';
import { CHART_COLORS } from './chart-theme';
import { DataTable } from './data-table';
import {
  formatAmount,
  formatCount,
  formatMonth,
  formatMonthShort,
  formatMonths,
  largestBy,
  plotted,
} from './format';
import { HeadlineFigures } from './headline-figures';
import { NoStatements } from './no-statements';
import { PerformanceFiltersBar } from './performance-filters';
import { NotConverted, RatesUsed } from './rates-note';
import { UpdatingNote } from './updating-note';

/** Rows of the top lists (releases, tracks, artists). */
const TOP_ROWS = 10;

type SeriesPoint = PerformanceDto['series'][number];

/** Income by month, this range against the same months a year earlier (dashed). */
function IncomeOverTime({
  performance,
  download,
}: {
  performance: PerformanceDto;
  download: ReturnType<typeof useExportAnalyticsCsv>;
}) {
  const currency = performance.reporting_currency;
  const range = formatMonths(performance.range.from, performance.range.to);
  const points = performance.series.map((point) => ({
    ...point,
    plottedIncome: plotted(point.income),
    plottedYearAgo: plotted(point.year_ago_income),
  }));
  const best = largestBy(performance.series, (point) => point.income);
  const summary = `Income by month, ${range}, in ${currency}: ${formatAmount(
    performance.totals.current.income,
    currency,
  )} in all${best ? `, the most in ${formatMonth(best.month)} (${formatAmount(best.income, currency)})` : ''}. The dashed line is the same months a year earlier: ${formatAmount(
    performance.totals.year_ago.income,
    currency,
  )} in all.`;
  return (
    <ChartCard
      title="Income over time"
      description={`${range}, with the same months a year earlier`}
      chart={
        <TimeChart
          data={points}
          xKey="month"
          xLabel={(month) => (points.length > 12 ? formatMonth(month) : formatMonthShort(month))}
          title={(point) => formatMonth(point.month)}
          series={[
            {
              key: 'plottedIncome',
              label: 'Income',
              color: CHART_COLORS.brand,
              text: (point) => formatAmount(point.income, currency),
            },
            {
              key: 'plottedYearAgo',
              label: 'A year earlier',
              color: CHART_COLORS.muted,
              isDashed: true,
              text: (point) => formatAmount(point.year_ago_income, currency),
            },
          ]}
          summary={summary}
        />
      }
      table={
        <DataTable<SeriesPoint>
          caption={`Income by month, ${range}`}
          columns={[
            { header: 'Month', cell: (p) => formatMonth(p.month), isRowHeader: true },
            {
              header: `Income (${currency})`,
              cell: (p) => formatAmount(p.income, currency),
              isNumeric: true,
            },
            { header: 'Units', cell: (p) => formatCount(p.units), isNumeric: true },
            { header: 'Streams', cell: (p) => formatCount(p.streams), isNumeric: true },
            { header: 'A year earlier', cell: (p) => formatMonth(p.year_ago_month) },
            {
              header: `Income a year earlier (${currency})`,
              cell: (p) => formatAmount(p.year_ago_income, currency),
              isNumeric: true,
            },
            { header: 'Units a year earlier', cell: (p) => formatCount(p.year_ago_units), isNumeric: true },
            {
              header: 'Streams a year earlier',
              cell: (p) => formatCount(p.year_ago_streams),
              isNumeric: true,
            },
          ]}
          rows={performance.series}
          rowKey={(p) => p.month}
        />
      }
      download={download}
    />
  );
}

/** Income by the age of the release at the time of sale: new, recent, back catalogue, unknown. */
function Lifecycle({
  performance,
  download,
}: {
  performance: PerformanceDto;
  download: ReturnType<typeof useExportAnalyticsCsv>;
}) {
  const currency = performance.reporting_currency;
  const range = formatMonths(performance.range.from, performance.range.to);
  const buckets = performance.lifecycle.map((bucket) => ({
    ...bucket,
    plottedIncome: plotted(bucket.income),
    short: { new: 'New', recent: 'Recent', back_catalogue: 'Back catalogue', unknown: 'Unknown' }[
      bucket.bucket
    ],
  }));
  const summary = `Income by release lifecycle, ${range}: ${buckets
    .map((bucket) => `${bucket.label} ${formatAmount(bucket.income, currency)}`)
    .join(', ')}.`;
  return (
    <ChartCard
      title="Release lifecycle"
      description={`New: under 3 months since release; recent: 3 to 18 months; back catalogue: older. ${range}.`}
      empty={
        performance.lifecycle.every((b) => b.units === 0 && /^0(\.0*)?$/.test(b.income))
          ? 'No income in this range.'
          : null
      }
      chart={
        <ColumnChart
          data={buckets}
          nameKey="short"
          title={(bucket) => bucket.label}
          series={[
            {
              key: 'plottedIncome',
              label: 'Income',
              color: CHART_COLORS.brand,
              text: (bucket) => formatAmount(bucket.income, currency),
            },
          ]}
          summary={summary}
        />
      }
      table={
        <DataTable
          caption={`Income by release lifecycle, ${range}`}
          columns={[
            { header: 'Lifecycle', cell: (b) => LIFECYCLE_LABELS[b.bucket], isRowHeader: true },
            {
              header: `Income (${currency})`,
              cell: (b) => formatAmount(b.income, currency),
              isNumeric: true,
            },
            { header: 'Units', cell: (b) => formatCount(b.units), isNumeric: true },
          ]}
          rows={performance.lifecycle}
          rowKey={(b) => b.bucket}
        />
      }
      download={download}
    />
  );
}

/** Income per 1,000 streams by store (stream lines only): what a stream pays where. */
function PerStream({
  performance,
  download,
}: {
  performance: PerformanceDto;
  download: ReturnType<typeof useExportAnalyticsCsv>;
}) {
  const currency = performance.reporting_currency;
  const range = formatMonths(performance.range.from, performance.range.to);
  // The chart ranks stores by what a stream pays (the table keeps the answer's order, by streams).
  const stores = performance.per_stream
    .filter((store) => store.per_thousand !== null)
    .sort((a, b) => compareDecimals(b.per_thousand!, a.per_thousand!));
  const bars = stores.slice(0, 10).map((store) => ({
    label: store.label,
    perThousand: plotted(store.per_thousand),
    text: formatAmount(store.per_thousand ?? '0', currency),
  }));
  return (
    <ChartCard
      title="Revenue per 1,000 streams"
      description={`By store, from stream lines only. ${range}.`}
      empty={performance.per_stream.length === 0 ? 'No streams in this range.' : null}
      chart={
        <RankedBars
          data={bars}
          nameKey="label"
          series={{
            key: 'perThousand',
            label: 'Per 1,000 streams',
            color: CHART_COLORS.brand,
            text: (bar) => bar.text,
          }}
          summary={rankedSummary(
            'Income per 1,000 streams by store',
            bars.map((bar) => ({ label: bar.label, text: bar.text })),
            stores.length,
            range,
          )}
        />
      }
      table={
        <DataTable
          caption={`Revenue per 1,000 streams by store, ${range}`}
          columns={[
            { header: 'Store', cell: (s) => s.label, isRowHeader: true },
            { header: 'Streams', cell: (s) => formatCount(s.streams), isNumeric: true },
            {
              header: `Stream income (${currency})`,
              cell: (s) => formatAmount(s.income, currency),
              isNumeric: true,
            },
            {
              header: `Per 1,000 streams (${currency})`,
              cell: (s) => (s.per_thousand === null ? '—' : formatAmount(s.per_thousand, currency)),
              isNumeric: true,
            },
          ]}
          rows={performance.per_stream}
          rowKey={(s) => s.store ?? ''}
        />
      }
      download={download}
    />
  );
}

/**
 * The Performance tab: filters (kept in the URL), the headline figures with their comparisons, income
 * over time, by store and territory, the top releases, tracks and artists with their movement,
 * release lifecycle and revenue per 1,000 streams; every chart with its table and "Export CSV".
 * A label without statements sees how to import one instead.
 */
export function PerformancePanel({ url }: { url: AnalyticsUrl }) {
  const { filters } = url;
  const performance = useAnalyticsPerformance(filters);
  const answer = performance.data;
  const hasFigures = answer !== undefined && !answer.empty;
  const byStore = useAnalyticsBreakdown('store', filters);
  const byTerritory = useAnalyticsBreakdown('territory', filters);
  const topReleases = useAnalyticsBreakdown('release', filters, { limit: TOP_ROWS });
  const topTracks = useAnalyticsBreakdown('track', filters, { limit: TOP_ROWS });
  const topArtists = useAnalyticsBreakdown('artist', filters, { limit: TOP_ROWS });
  // What each filter offers: what earned in the range, whatever the other filters.
  const range = { from: filters.from, to: filters.to };
  const choiceOptions = { enabled: hasFigures, limit: FILTER_CHOICE_ROWS };
  const artistChoices = useAnalyticsBreakdown('artist', range, choiceOptions);
  const releaseChoices = useAnalyticsBreakdown('release', range, choiceOptions);
  const storeChoices = useAnalyticsBreakdown('store', range, choiceOptions);
  const territoryChoices = useAnalyticsBreakdown('territory', range, choiceOptions);

  const exports = {
    series: useExportAnalyticsCsv('series', filters),
    store: useExportAnalyticsCsv('store', filters),
    territory: useExportAnalyticsCsv('territory', filters),
    release: useExportAnalyticsCsv('release', filters),
    track: useExportAnalyticsCsv('track', filters),
    artist: useExportAnalyticsCsv('artist', filters),
    lifecycle: useExportAnalyticsCsv('lifecycle', filters),
    per_stream: useExportAnalyticsCsv('per_stream', filters),
  };

  const gate = [performance.error, byStore.error, byTerritory.error].find(isPlanRequired);
  if (gate) return <PlanRequired error={gate} />;
  if (answer?.empty) return <NoStatements />;

  const releaseTitle = topReleases.data?.rows.find((row) => row.key === filters.release)?.label;
  const updating = [performance, byStore, byTerritory, topReleases, topTracks, topArtists].some(
    (query) => query.data?.updating === true,
  );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PerformanceFiltersBar
        filters={filters}
        range={answer?.range}
        choices={{
          artist: artistChoices.data,
          release: releaseChoices.data,
          store: storeChoices.data,
          territory: territoryChoices.data,
          releaseTitle,
        }}
        onChange={url.setFilter}
        onClear={url.clearFilters}
      />
      <UpdatingNote updating={updating} />
      {performance.isError ? (
        <LoadError
          message={performance.error.message || 'The figures could not be loaded.'}
          onRetry={() => void performance.refetch()}
        />
      ) : null}
      {performance.isError && !answer ? null : (
        // While another filter's figures load, the last ones stay on screen, dimmed.
        <div
          aria-busy={performance.isPlaceholderData || undefined}
          className={cn(
            'flex min-w-0 flex-col gap-4 transition-opacity',
            performance.isPlaceholderData && 'opacity-60',
          )}
        >
          <HeadlineFigures performance={answer} />
          {answer ? (
            <div className="flex flex-col gap-2">
              <RatesUsed
                rates={answer.rates_used}
                currency={answer.reporting_currency}
                hasNotConverted={answer.not_converted.length > 0}
              />
              <NotConverted amounts={answer.not_converted} currency={answer.reporting_currency} />
            </div>
          ) : null}
          {answer ? (
            <IncomeOverTime performance={answer} download={exports.series} />
          ) : (
            <CardSkeleton label="Loading income over time" />
          )}
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <RankedBreakdownCard
              title="Income by store"
              dimension="store"
              query={byStore}
              download={exports.store}
            />
            <RankedBreakdownCard
              title="Income by territory"
              dimension="territory"
              query={byTerritory}
              download={exports.territory}
            />
          </div>
          <TopListCard
            title="Top releases"
            dimension="release"
            query={topReleases}
            download={exports.release}
          />
          <TopListCard title="Top tracks" dimension="track" query={topTracks} download={exports.track} />
          <TopListCard title="Top artists" dimension="artist" query={topArtists} download={exports.artist} />
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            {answer ? (
              <>
                <Lifecycle performance={answer} download={exports.lifecycle} />
                <PerStream performance={answer} download={exports.per_stream} />
              </>
            ) : (
              <>
                <CardSkeleton label="Loading release lifecycle" />
                <CardSkeleton label="Loading revenue per 1,000 streams" />
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
