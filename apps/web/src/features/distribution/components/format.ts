/** How the distribution screens show days, times, sizes, checksums and counts. */

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "2025-03-01" -> "Mar 1, 2025" (a calendar day, not shifted by the time zone); '' for none. */
export function formatDay(isoDay: string | null): string {
  if (!isoDay) return '';
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDay : day.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** 1536 -> "1.5 KB"; bytes in 1024s, one decimal above a kilobyte. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A checksum's first and last 6 characters: "d41d8c…42f8e3" (the whole one is in the title). */
export const shortHash = (hash: string) =>
  hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-6)}` : hash;

/** 1 -> "1 store", 3 -> "3 stores". */
export const countLabel = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;
