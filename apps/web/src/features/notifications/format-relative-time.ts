// Made on first use: building it loads locale data, which the shell's first render does not need.
let formatter: Intl.RelativeTimeFormat | undefined;
const relative = () => {
  formatter ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  return formatter;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago something happened, the way the bell shows it: 'just now', '5 minutes ago',
 * '3 hours ago', 'yesterday', '4 days ago', then the date.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = Math.max(0, now.getTime() - time);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative().format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative().format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative().format(-Math.floor(elapsed / DAY), 'day');
  return new Date(time).toLocaleDateString('en', {
    day: 'numeric',
    month: 'short',
    ...(new Date(time).getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
}
