import type { ReactNode } from 'react';
import type { ColumnChartProps, RankedBarsProps, TimeChartProps } from './chart-theme';
import { ColumnChartView, RankedBarsView, TimeChartView } from './charts';

/**
 * A chart as an image named by its summary (its figures are in the table beside it), at a fixed
 * height so the page does not move as it draws.
 */
function Figure({ summary, height, children }: { summary: string; height: number; children: ReactNode }) {
  return (
    <div role="img" aria-label={summary} className="w-full min-w-0" style={{ height }}>
      {children}
    </div>
  );
}

/**
 * Figures over time: the first series as a filled area in the brand colour, the others as lines (a
 * dashed one for last year).
 */
export function TimeChart<P extends object>({
  summary,
  height = 260,
  ...props
}: TimeChartProps<P> & { summary: string; height?: number }) {
  return (
    <Figure summary={summary} height={height}>
      <TimeChartView {...props} />
    </Figure>
  );
}

/** Ranked bars, largest first, one per row with its name beside it (stores, territories, artists). */
export function RankedBars<P extends object>({
  summary,
  ...props
}: RankedBarsProps<P> & { summary: string }) {
  return (
    <Figure summary={summary} height={Math.max(120, props.data.length * 32 + 24)}>
      <RankedBarsView {...props} />
    </Figure>
  );
}

/** Columns, one group per category (lifecycle buckets, sources, weeks), stacked when asked. */
export function ColumnChart<P extends object>({
  summary,
  height = 240,
  ...props
}: ColumnChartProps<P> & { summary: string; height?: number }) {
  return (
    <Figure summary={summary} height={height}>
      <ColumnChartView {...props} />
    </Figure>
  );
}
