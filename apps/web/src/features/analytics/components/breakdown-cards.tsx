import { BREAKDOWN_DIMENSION_LABELS, type BreakdownDimension } from '@music-review/core/analytics';
import { ArrowDown, ArrowUp, Minus, Sparkles } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { BreakdownDto, BreakdownRowDto } from '../analytics-types';
import type { useAnalyticsBreakdown } from '../api/get-breakdown';
import { CardError, CardSkeleton, ChartCard, type CsvDownload } from './chart-card';
import { RankedBars } from './chart-figures';
import { CHART_COLORS } from './chart-theme';
import { type Column, DataTable } from './data-table';
import {
  countLabel,
  formatAmount,
  formatChange,
  formatCount,
  formatMonths,
  formatPercent,
  movementOf,
  plotted,
} from './format';

/** Bars a ranked chart draws; its table holds every row the answer has. */
export const CHART_BARS = 10;

/** "Up 2" in green with an arrow, "Down 1" in red, "Same", "New": a row's places since the previous range. */
export function Movement({ row }: { row: Pick<BreakdownRowDto, 'movement' | 'previous_rank'> }) {
  const { direction, text } = movementOf(row);
  const Icon = { up: ArrowUp, down: ArrowDown, same: Minus, new: Sparkles }[direction];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap',
        direction === 'up' && 'text-success',
        direction === 'down' && 'text-destructive',
        direction === 'same' && 'text-muted-foreground',
        direction === 'new' && 'text-link',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {text}
    </span>
  );
}

/** The columns of a breakdown's table; `withPlays` adds units and streams (wide: stores, territories). */
function columnsOf(
  dimension: BreakdownDimension,
  currency: string,
  withPlays: boolean,
): Column<BreakdownRowDto>[] {
  return [
    { header: 'Rank', cell: (row) => row.rank, isNumeric: true },
    { header: BREAKDOWN_DIMENSION_LABELS[dimension], cell: (row) => row.label, isRowHeader: true },
    { header: `Income (${currency})`, cell: (row) => formatAmount(row.income, currency), isNumeric: true },
    { header: 'Share', cell: (row) => formatPercent(row.share), isNumeric: true },
    ...(withPlays
      ? [
          { header: 'Units', cell: (row: BreakdownRowDto) => formatCount(row.units), isNumeric: true },
          { header: 'Streams', cell: (row: BreakdownRowDto) => formatCount(row.streams), isNumeric: true },
        ]
      : []),
    { header: 'Change', cell: (row) => formatChange(row.change), isNumeric: true },
    { header: 'Movement', cell: (row) => <Movement row={row} /> },
  ];
}

/** "Spotify USD 1,000.00 (45.2%), Apple Music USD 500.00 (22.6%), Deezer ... and 4 more." */
export function rankedSummary(
  what: string,
  rows: readonly { label: string; text: string }[],
  total: number,
  range: string,
): string {
  if (rows.length === 0) return `${what}, ${range}: nothing.`;
  const named = rows
    .slice(0, 3)
    .map((row) => `${row.label} ${row.text}`)
    .join(', ');
  const more = total - Math.min(3, rows.length);
  return `${what}, ${range}, largest first: ${named}${more > 0 ? `, and ${countLabel(more, 'more', 'more')}` : ''}.`;
}

const rangeOf = (answer: BreakdownDto) => formatMonths(answer.range.from, answer.range.to);

/** "The 50 largest of 1,234: Export CSV writes them all." when the answer holds fewer rows than there are. */
function rowsNote(answer: BreakdownDto) {
  if (answer.total_rows <= answer.rows.length) return null;
  return (
    <p className="text-xs text-muted-foreground">
      The {formatCount(answer.rows.length)} largest of {formatCount(answer.total_rows)}. Export CSV writes
      them all.
    </p>
  );
}

/**
 * Income by store or territory: the ten largest as ranked bars, every row of the answer in the
 * table (share, units, streams, change and movement). Territories come labelled by the API,
 * including codes no map knows ("Unknown (XK)").
 */
export function RankedBreakdownCard({
  title,
  dimension,
  query,
  download,
}: {
  title: string;
  dimension: 'store' | 'territory';
  query: ReturnType<typeof useAnalyticsBreakdown>;
  download: CsvDownload;
}) {
  const answer = query.data;
  if (query.isError && !answer) return <CardError title={title} query={query} />;
  if (!answer) return <CardSkeleton label={`Loading ${title.toLowerCase()}`} />;
  const currency = answer.reporting_currency;
  const bars = answer.rows.slice(0, CHART_BARS).map((row) => ({
    label: row.label,
    income: plotted(row.income),
    text: formatAmount(row.income, currency),
    share: row.share,
  }));
  const summary = rankedSummary(
    title,
    bars.map((bar) => ({ label: bar.label, text: `${bar.text} (${formatPercent(bar.share)})` })),
    answer.total_rows,
    rangeOf(answer),
  );
  return (
    <ChartCard
      title={title}
      description={rangeOf(answer)}
      empty={answer.rows.length === 0 ? 'No income in this range.' : null}
      chart={
        <RankedBars
          data={bars}
          nameKey="label"
          series={{ key: 'income', label: 'Income', color: CHART_COLORS.brand, text: (bar) => bar.text }}
          summary={summary}
        />
      }
      table={
        <DataTable
          caption={`${title}, ${rangeOf(answer)}`}
          columns={columnsOf(dimension, currency, true)}
          rows={answer.rows}
          rowKey={(row) => `${row.kind}:${row.key ?? ''}`}
        />
      }
      download={download}
      footer={rowsNote(answer)}
    />
  );
}

/**
 * A top list (releases, tracks or artists): a ranked table with each row's movement since the
 * previous range (up, down, new).
 */
export function TopListCard({
  title,
  dimension,
  query,
  download,
}: {
  title: string;
  dimension: 'release' | 'track' | 'artist';
  query: ReturnType<typeof useAnalyticsBreakdown>;
  download: CsvDownload;
}) {
  const answer = query.data;
  if (query.isError && !answer) return <CardError title={title} query={query} />;
  if (!answer) return <CardSkeleton label={`Loading ${title.toLowerCase()}`} height="h-40" />;
  const currency = answer.reporting_currency;
  return (
    <ChartCard
      title={title}
      description={`${rangeOf(answer)} · by income, with the movement since the previous period`}
      empty={answer.rows.length === 0 ? 'No income in this range.' : null}
      chart={null}
      table={
        <DataTable
          caption={`${title}, ${rangeOf(answer)}`}
          columns={columnsOf(dimension, currency, false)}
          rows={answer.rows}
          rowKey={(row) => `${row.kind}:${row.key ?? ''}`}
        />
      }
      download={download}
      footer={
        answer.total_rows > answer.rows.length ? (
          <p className="text-xs text-muted-foreground">
            Top {formatCount(answer.rows.length)} of {formatCount(answer.total_rows)}. Export CSV writes them
            all.
          </p>
        ) : null
      }
    />
  );
}
