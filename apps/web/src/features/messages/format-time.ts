const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The conversation list's short relative time: 'now', '5m', '3h', '2d', then the date. */
export function formatListTime(value: string, now: Date = new Date()): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - time.getTime());
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d`;
  return time.toLocaleDateString('en', {
    day: 'numeric',
    month: 'short',
    ...(time.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
}

/** A message's time: the clock time today, with the date before it on other days. */
export function formatMessageTime(value: string, now: Date = new Date()): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return '';
  const clock = time.toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });
  if (sameDay(time, now)) return clock;
  const date = time.toLocaleDateString('en', {
    day: 'numeric',
    month: 'short',
    ...(time.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
  return `${date}, ${clock}`;
}

/** The full date and time, for a tooltip. */
export function formatFullTime(value: string): string {
  const time = new Date(value);
  return Number.isNaN(time.getTime())
    ? ''
    : time.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}
