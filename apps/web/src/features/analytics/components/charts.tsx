/**
 * The analytics charts as Recharts draws them. The only module that imports the library: it loads
 * with the /analytics route's chunk, never with the login or dashboard bundles (decision 0019).
 *
 * Colours, grid, axis text and tooltips are the app's CSS tokens (index.css), so the charts follow
 * dark and light and a label's white-label branding (which sets --primary) without reading styles in
 * script. Each chart fills the named image chart-figures.tsx puts around it. The numbers a chart is
 * drawn from are floats, used only for geometry: every figure written (tooltip, table) comes from
 * the API's exact decimal strings.
 */
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  Text,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  type XAxisTickContentProps,
  YAxis,
} from 'recharts';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { ColumnChartProps, RankedBarsProps, Series, TimeChartProps } from './chart-theme';
import { formatCompact } from './format';

const GRID = 'var(--border)';
const AXIS_TEXT = { fill: 'var(--muted-foreground)', fontSize: 12 };

const useAnimate = () => !useMediaQuery('(prefers-reduced-motion: reduce)', false);

/**
 * The tooltip in the app's popover colours, each figure written exactly. Given to Recharts as an
 * element: it adds `active` and `payload` (the hovered point's entries) when it draws it.
 */
function ChartTooltip<P>({
  series,
  title,
  active,
  payload,
}: {
  series: readonly Series<P>[];
  title: (point: P) => string;
} & Partial<Pick<TooltipContentProps, 'active' | 'payload'>>) {
  const point = payload?.[0]?.payload as P | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-pop">
      <p className="mb-1 font-medium">{title(point)}</p>
      <ul className="flex flex-col gap-0.5">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-2 whitespace-nowrap">
            <span aria-hidden="true" className="size-2 rounded-full" style={{ background: s.color }} />
            <span className="text-muted-foreground">{s.label}</span>
            <span className="ml-auto tabular-nums">{s.text(point)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const legendStyle = { fontSize: 12 };
/** Legend names in the body's muted text colour (Recharts writes them in the series' colour, unreadable on a dark card). */
const legendText = (value: string) => <span style={{ color: 'var(--muted-foreground)' }}>{value}</span>;
const cursor = { fill: 'color-mix(in oklch, var(--muted) 70%, transparent)' };

/**
 * Figures over time: the first series as a filled area in the brand colour, the others as lines
 * (a dashed one for last year). Full width; the month axis thins its labels on a phone.
 */
export function TimeChartView<P extends object>({ data, xKey, xLabel, title, series }: TimeChartProps<P>) {
  const animate = useAnimate();
  const [first, ...rest] = series;
  return (
    <ComposedChart
      responsive
      style={{ width: '100%', height: '100%' }}
      data={data as P[]}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis
        dataKey={String(xKey)}
        tickFormatter={xLabel}
        tick={AXIS_TEXT}
        stroke={GRID}
        tickLine={false}
        minTickGap={16}
      />
      <YAxis tickFormatter={formatCompact} tick={AXIS_TEXT} stroke={GRID} tickLine={false} width={48} />
      <Tooltip content={<ChartTooltip series={series} title={title} />} cursor={{ stroke: GRID }} />
      {rest.length > 0 ? <Legend wrapperStyle={legendStyle} iconSize={10} formatter={legendText} /> : null}
      {first ? (
        <Area
          type="monotone"
          dataKey={String(first.key)}
          name={first.label}
          stroke={first.color}
          strokeWidth={2}
          fill={first.color}
          fillOpacity={0.16}
          isAnimationActive={animate}
        />
      ) : null}
      {rest.map((s) => (
        <Line
          key={s.key}
          type="monotone"
          dataKey={String(s.key)}
          name={s.label}
          stroke={s.color}
          strokeWidth={2}
          strokeDasharray={s.isDashed ? '5 4' : undefined}
          dot={false}
          isAnimationActive={animate}
        />
      ))}
    </ComposedChart>
  );
}

/**
 * Ranked bars, largest first, one per row with its name beside it (stores, territories, artists):
 * horizontal, so long names stay readable on a phone.
 */
export function RankedBarsView<P extends object>({ data, nameKey, series }: RankedBarsProps<P>) {
  const animate = useAnimate();
  return (
    <BarChart
      responsive
      layout="vertical"
      style={{ width: '100%', height: '100%' }}
      data={data as P[]}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      barCategoryGap={6}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke={GRID} horizontal={false} />
      <XAxis type="number" tickFormatter={formatCompact} tick={AXIS_TEXT} stroke={GRID} tickLine={false} />
      <YAxis
        type="category"
        dataKey={String(nameKey)}
        tick={AXIS_TEXT}
        stroke={GRID}
        tickLine={false}
        width={112}
        tickFormatter={(value: string) => (value.length > 16 ? `${value.slice(0, 15)}…` : value)}
      />
      <Tooltip
        content={<ChartTooltip series={[series]} title={(point: P) => String(point[nameKey])} />}
        cursor={cursor}
      />
      <Bar
        dataKey={String(series.key)}
        name={series.label}
        fill={series.color}
        radius={[0, 4, 4, 0]}
        isAnimationActive={animate}
      />
    </BarChart>
  );
}

/**
 * A category's name under its column, wrapped to the column's width: on a phone "Back catalogue"
 * or "Submitted by a team member" take two or three lines instead of running into their
 * neighbours' names.
 */
function WrappedCategoryTick({
  payload,
  index,
  tickFormatter,
  width,
  visibleTicksCount,
  x,
  y,
  textAnchor,
  verticalAnchor,
}: XAxisTickContentProps) {
  const column = Number(width) / Math.max(1, visibleTicksCount);
  return (
    <Text
      x={x}
      y={y}
      textAnchor={textAnchor}
      verticalAnchor={verticalAnchor}
      // A word longer than its column is written whole, never cut to an ellipsis.
      width={Math.max(32, column - 4)}
      className="recharts-cartesian-axis-tick-value"
      {...AXIS_TEXT}
      // What the words are measured with, to wrap them (the attribute alone draws them).
      style={{ fontSize: AXIS_TEXT.fontSize }}
    >
      {tickFormatter ? tickFormatter(payload.value, index) : String(payload.value)}
    </Text>
  );
}

/** Columns, one group per category (lifecycle buckets, sources, weeks), stacked when asked. */
export function ColumnChartView<P extends object>({
  data,
  nameKey,
  nameLabel = (value: string) => value,
  title,
  series,
  isStacked = false,
}: ColumnChartProps<P>) {
  const animate = useAnimate();
  // A few categories (lifecycle buckets, sources) each keep their label, wrapped to its column;
  // weeks may thin out.
  const isEveryLabel = data.length <= 6;
  // Room for the longest name at a word a line (at most four), as on a phone.
  const labelLines = Math.min(
    4,
    Math.max(1, ...data.map((point) => nameLabel(String(point[nameKey])).split(/\s+/).length)),
  );
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: '100%' }}
      data={data as P[]}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis
        dataKey={String(nameKey)}
        tickFormatter={nameLabel}
        tick={isEveryLabel ? WrappedCategoryTick : AXIS_TEXT}
        height={isEveryLabel ? 14 + labelLines * AXIS_TEXT.fontSize : 30}
        stroke={GRID}
        tickLine={false}
        minTickGap={8}
        interval={isEveryLabel ? 0 : 'preserveStartEnd'}
      />
      <YAxis tickFormatter={formatCompact} tick={AXIS_TEXT} stroke={GRID} tickLine={false} width={48} />
      <Tooltip
        content={
          <ChartTooltip series={series} title={title ?? ((point: P) => nameLabel(String(point[nameKey])))} />
        }
        cursor={cursor}
      />
      {series.length > 1 ? <Legend wrapperStyle={legendStyle} iconSize={10} formatter={legendText} /> : null}
      {series.map((s, index) => (
        <Bar
          key={s.key}
          dataKey={String(s.key)}
          name={s.label}
          fill={s.color}
          stackId={isStacked ? 'stack' : undefined}
          radius={!isStacked || index === series.length - 1 ? [4, 4, 0, 0] : 0}
          isAnimationActive={animate}
        />
      ))}
    </BarChart>
  );
}
