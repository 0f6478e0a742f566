/**
 * What the charts are given: their palette (CSS variables, so dark, light and a label's branding
 * apply by themselves) and their props; charts.tsx draws them with the charting library.
 */

/** The palette, as CSS variables: the brand colour first. */
export const CHART_COLORS = {
  brand: 'var(--primary)',
  /** A second shade of the brand, apart from it in both modes: lighter on dark, darker on light. */
  brandSoft: 'color-mix(in oklch, var(--primary) 50%, var(--foreground))',
  muted: 'var(--muted-foreground)',
  success: 'var(--success)',
  warning: 'var(--warning)',
} as const;

/** One figure a chart draws: its key in the data, its name, colour and how its value is written. */
export interface Series<P> {
  key: keyof P & string;
  label: string;
  color: string;
  /** The exact figure for the tooltip, from the point's strings (never the plotted float). */
  text: (point: P) => string;
  /** Drawn as a dashed line (a comparison: last year). */
  isDashed?: boolean;
}

/** Figures over time (months). */
export interface TimeChartProps<P> {
  data: readonly P[];
  xKey: keyof P & string;
  /** A point's label on the axis ("Mar"). */
  xLabel: (value: string) => string;
  /** A point's title in the tooltip ("Mar 2025"). */
  title: (point: P) => string;
  series: readonly Series<P>[];
}

/** Ranked horizontal bars, one per row, largest first. */
export interface RankedBarsProps<P> {
  data: readonly P[];
  nameKey: keyof P & string;
  series: Series<P>;
}

/** Columns per category, side by side or stacked. */
export interface ColumnChartProps<P> {
  data: readonly P[];
  nameKey: keyof P & string;
  nameLabel?: (value: string) => string;
  title?: (point: P) => string;
  series: readonly Series<P>[];
  isStacked?: boolean;
}
