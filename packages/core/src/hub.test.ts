import { describe, expect, it } from 'vitest';
import { formatLimit, formatTimeAgo, usageFraction } from './hub.ts';

describe('plan usage', () => {
  it('reads -1 as unlimited', () => {
    expect(formatLimit(-1)).toBe('Unlimited');
    expect(formatLimit(25)).toBe('25');
    expect(usageFraction(5, -1)).toBeNull();
    expect(usageFraction(5, 25)).toBe(0.2);
    expect(usageFraction(30, 25)).toBe(1);
  });
});

describe('formatTimeAgo', () => {
  const now = Date.parse('2025-03-14T12:00:00Z');
  it.each([
    ['2025-03-14T11:59:30Z', 'just now'],
    ['2025-03-14T12:00:05Z', 'just now'],
    ['2025-03-14T11:55:00Z', '5 min ago'],
    ['2025-03-14T09:00:00Z', '3 h ago'],
    ['2025-03-13T11:00:00Z', '1 day ago'],
    ['2025-03-10T12:00:00Z', '4 days ago'],
    ['2025-03-01T12:00:00Z', '1 Mar 2025'],
  ])('%s reads %s', (at, text) => {
    expect(formatTimeAgo(at, now)).toBe(text);
  });
});
