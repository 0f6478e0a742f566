/** How the catalogue shows dates, times and changed values. */

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "2025-03-01" -> "Mar 1, 2025" (a calendar day, not shifted by the time zone). */
export const formatDay = (isoDay: string | null) =>
  isoDay ? day.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`)) : '';
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** An audit value as text: empty for null, JSON for lists and objects. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** 12.5 -> "12.5%". */
export const formatShare = (percent: number) => `${Number(percent.toFixed(2))}%`;
