import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [ago(10_000), 'just now'],
    [ago(60_000), '1 minute ago'],
    [ago(5 * 60_000), '5 minutes ago'],
    [ago(3 * 3600_000), '3 hours ago'],
    [ago(26 * 3600_000), 'yesterday'],
    [ago(4 * 86_400_000), '4 days ago'],
    [ago(-5_000), 'just now'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatRelativeTime(value, NOW)).toBe(expected);
  });

  it('shows the date after a week, with the year when it is another', () => {
    expect(formatRelativeTime('2026-02-01T12:00:00.000Z', NOW)).toBe('Feb 1');
    expect(formatRelativeTime('2025-12-24T12:00:00.000Z', NOW)).toBe('Dec 24, 2025');
  });
});
