/**
 * Analytics of income (issue 17 points 4 and 5; decision 0030): missing income (a store or territory
 * that reported a recording every month before the latest statement of a source and is absent from
 * it, or fell by more than half), the statement lines an alert opens, and catalogue value (the last
 * twelve months' income per artist and release). The rules' constants, the choice of the months
 * compared, and the texts the server and the web app share. Contracts:
 * ./contracts/analytics-income.ts; exact money: ./money.ts.
 */
import { canonicalDecimal } from './money.ts';

export const INCOME_ALERT_KINDS = ['missing', 'drop'] as const;
export type IncomeAlertKind = (typeof INCOME_ALERT_KINDS)[number];

export const INCOME_ALERT_DIMENSIONS = ['store', 'territory'] as const;
export type IncomeAlertDimension = (typeof INCOME_ALERT_DIMENSIONS)[number];

/**
 * Missing income's rules (decision 0030):
 * - per source, the latest import is its imported import with the latest sale month (the most
 *   recently created one among equals); its sale months are the current months;
 * - the previous months are the source's last `previousMonths` months of data before the current
 *   ones (every earlier month when there are fewer, but at least `minPreviousMonths`; else no alert);
 * - a (recording, store) or (recording, territory) pair with a positive net in each previous month
 *   (in one currency) and no line in the current months is `missing`; one whose current net per
 *   month is under `dropShare` of its previous net per month (same currency) is a `drop`;
 * - at most `maxAlerts` alerts a label, the largest previous net first.
 */
export const INCOME_ALERT_RULES = {
  previousMonths: 3,
  minPreviousMonths: 2,
  /** A drop is a current monthly net below half the previous monthly net. */
  dropShare: '0.5',
  maxAlerts: 500,
} as const;

export const ANALYTICS_LINES_LIMITS = { defaultPageSize: 50, maxPageSize: 200 } as const;
export const CATALOGUE_VALUE_LIMITS = { months: 12, defaultRows: 50, maxRows: 500 } as const;

/** What GET /api/v1/analytics/income/export writes, each counted apart against the plan's exports. */
export const INCOME_EXPORT_REPORTS = [
  'missing_income',
  'catalogue_value_artists',
  'catalogue_value_releases',
  'lines',
] as const;
export type IncomeExportReport = (typeof INCOME_EXPORT_REPORTS)[number];
export const INCOME_EXPORT_TYPES: Record<IncomeExportReport, string> = {
  missing_income: 'analytics_missing_income_csv',
  catalogue_value_artists: 'analytics_catalogue_value_artists_csv',
  catalogue_value_releases: 'analytics_catalogue_value_releases_csv',
  lines: 'analytics_lines_csv',
};

/** The texts the page and its tests share. */
export const ANALYTICS_INCOME_TEXTS = {
  missingIncomeHeading: 'Missing income',
  catalogueValueHeading: 'Catalogue value',
  linesHeading: 'Statement lines',
  viewLines: 'View lines',
  exportCsv: 'Export CSV',
  noAlerts:
    'No missing income: every store and territory that reported a recording in the previous months is in the latest statements.',
  noStatements: 'No statements yet: "Import statement" in Finance, and income shows here.',
  kindLabels: { missing: 'Missing', drop: 'Dropped by more than half' } satisfies Record<
    IncomeAlertKind,
    string
  >,
  dimensionLabels: { store: 'Store', territory: 'Territory' } satisfies Record<IncomeAlertDimension, string>,
  notOnRelease: 'Not on a release',
} as const;

export const ANALYTICS_INCOME_MESSAGES = {
  recordingNotFound: 'Recording not found',
  releaseNotFound: 'Release not found',
  importNotFound: 'Import not found',
  linesNeedAnchor: 'Choose a recording, a release or an import to list its lines',
  monthOrder: 'from: must not be after to',
  badCursor: 'cursor: not a cursor this list gave',
  exportLimit: (limit: number) =>
    `Your plan allows ${limit} ${limit === 1 ? 'export' : 'exports'} of this report a month, and this month’s ${limit === 1 ? 'export is' : 'are'} used. Upgrade your plan or wait until next month.`,
} as const;

// ---------------------------------------------------------------------------------------------------
// Months ('YYYY-MM')

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month `by` months after (or before, negative) `month`: shiftMonth('2026-01', -1) === '2025-12'. */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The twelve months catalogue value sums: those ending at the label's latest sale month. */
export function catalogueValueMonths(latestMonth: string): { from: string; to: string } {
  return { from: shiftMonth(latestMonth, 1 - CATALOGUE_VALUE_LIMITS.months), to: latestMonth };
}

// ---------------------------------------------------------------------------------------------------
// Which months an alert compares

export interface SourceImport {
  id: string;
  /** When it was created (ISO); breaks ties between imports ending on the same month. */
  createdAt: string;
  /** Its lines' sale months ('YYYY-MM'). */
  months: readonly string[];
}

export interface AlertPlan {
  /** The import whose months are compared with the ones before. */
  latestId: string;
  /** Its sale months, ascending. */
  current: string[];
  /** The source's months of data compared with them, ascending. */
  previous: string[];
  /** The source's imports with a line in those months (the latest included). */
  importIds: string[];
}

const sortedUnique = (months: Iterable<string>) => [...new Set(months)].sort();

/**
 * What missing income compares for one source's imported imports (see INCOME_ALERT_RULES): the
 * latest import's months, the source's months of data before them, and the imports holding those
 * months; null when there are too few earlier months (or no lines) to say anything.
 */
export function planSourceAlerts(imports: readonly SourceImport[]): AlertPlan | null {
  let latest: { item: SourceImport; last: string } | null = null;
  for (const item of imports) {
    const last = sortedUnique(item.months).at(-1);
    if (last === undefined) continue;
    if (
      !latest ||
      last > latest.last ||
      (last === latest.last &&
        (item.createdAt > latest.item.createdAt ||
          (item.createdAt === latest.item.createdAt && item.id > latest.item.id)))
    )
      latest = { item, last };
  }
  if (!latest) return null;
  const current = sortedUnique(latest.item.months);
  const first = current[0] as string;
  const earlier = sortedUnique(
    imports.filter((i) => i.id !== latest.item.id).flatMap((i) => i.months.filter((m) => m < first)),
  );
  const previous = earlier.slice(-INCOME_ALERT_RULES.previousMonths);
  if (previous.length < INCOME_ALERT_RULES.minPreviousMonths) return null;
  const window = new Set([...current, ...previous]);
  const importIds = imports
    .filter((i) => i.id === latest.item.id || i.months.some((m) => window.has(m)))
    .map((i) => i.id);
  return { latestId: latest.item.id, current, previous, importIds };
}

/** "Jan 2026", "Jan–Mar 2026", "Nov 2025–Jan 2026": the months an alert compares, as people say them. */
export function formatMonthSpan(from: string, to: string): string {
  const name = (m: string) =>
    ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
      Number(m.slice(5, 7)) - 1
    ];
  const year = (m: string) => m.slice(0, 4);
  if (from === to) return `${name(from)} ${year(from)}`;
  if (year(from) === year(to)) return `${name(from)}–${name(to)} ${year(to)}`;
  return `${name(from)} ${year(from)}–${name(to)} ${year(to)}`;
}

/** One sentence for an alert: what stopped or fell, where, in which statement. */
export function describeIncomeAlert(alert: {
  kind: IncomeAlertKind;
  dimension: IncomeAlertDimension;
  value_name: string;
  recording_title: string;
  source_name: string;
  current_from: string;
  current_to: string;
}): string {
  const where = alert.dimension === 'store' ? alert.value_name : `in ${alert.value_name}`;
  const months = formatMonthSpan(alert.current_from, alert.current_to);
  return alert.kind === 'missing'
    ? `“${alert.recording_title}” has no income ${alert.dimension === 'store' ? `from ${where}` : where} in ${alert.source_name}’s statement for ${months}`
    : `“${alert.recording_title}” earned less than half as much ${alert.dimension === 'store' ? `from ${where}` : where} in ${alert.source_name}’s statement for ${months}`;
}

/**
 * An exact decimal as a CSV cell: a number when the number's text is the same decimal (so a
 * spreadsheet sums it and a negative amount is not written as text), else the exact text.
 */
export function decimalCell(decimal: string): string | number {
  const n = Number(decimal);
  const text = String(n);
  return Number.isFinite(n) && !/e/i.test(text) && canonicalDecimal(text) === canonicalDecimal(decimal)
    ? n
    : decimal;
}
