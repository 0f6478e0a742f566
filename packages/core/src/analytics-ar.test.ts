import { describe, expect, it } from 'vitest';
import {
  AR_MESSAGES,
  addDays,
  csvDecimal,
  hoursOf,
  isHighScore,
  isIsoDate,
  isoWeekKey,
  isoWeekStart,
  medianOfCounts,
  resolveArRange,
  roundScore,
  weekStarts,
} from './analytics-ar.ts';

describe('the A&R funnel’s dates', () => {
  it('accepts only calendar dates written YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate('20250101')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('finds the Monday of an ISO week and names the week by the year of its Thursday', () => {
    // 2025-01-08 is a Wednesday; its week starts on Monday the 6th.
    expect(isoWeekStart('2025-01-08')).toBe('2025-01-06');
    expect(isoWeekStart('2025-01-06')).toBe('2025-01-06');
    expect(isoWeekStart('2025-01-12')).toBe('2025-01-06');
    expect(isoWeekKey('2025-01-06')).toBe('2025-W02');
    // Monday 30 December 2024 starts week 1 of 2025 (its Thursday is 2 January 2025).
    expect(isoWeekStart('2025-01-01')).toBe('2024-12-30');
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01');
    // Sunday 3 January 2021 is still in week 53 of 2020.
    expect(isoWeekKey('2021-01-03')).toBe('2020-W53');
    expect(isoWeekStart('1969-12-31')).toBe('1969-12-29');
  });

  it('lists every week a range touches, the partial ones at its edges included', () => {
    expect(weekStarts('2025-01-08', '2025-01-27')).toEqual([
      '2025-01-06',
      '2025-01-13',
      '2025-01-20',
      '2025-01-27',
    ]);
    expect(weekStarts('2025-01-06', '2025-01-06')).toEqual(['2025-01-06']);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('defaults to the 12 ISO weeks ending with today’s, and to today as the end', () => {
    const wednesday = new Date('2025-03-19T22:00:00Z');
    expect(resolveArRange({}, wednesday)).toEqual({ range: { from: '2024-12-30', to: '2025-03-19' } });
    expect(weekStarts('2024-12-30', '2025-03-19')).toHaveLength(12);
    expect(resolveArRange({ to: '2025-01-05' }, wednesday)).toEqual({
      range: { from: '2024-10-14', to: '2025-01-05' },
    });
    expect(resolveArRange({ from: '2025-03-01' }, wednesday)).toEqual({
      range: { from: '2025-03-01', to: '2025-03-19' },
    });
  });

  it('refuses a backwards range and one longer than 30 years, naming the field', () => {
    const now = new Date('2025-03-19T12:00:00Z');
    expect(resolveArRange({ from: '2025-02-02', to: '2025-02-01' }, now)).toEqual({
      field: 'from',
      message: AR_MESSAGES.fromAfterTo,
    });
    expect(resolveArRange({ from: '1995-01-01', to: '2025-01-01' }, now)).toEqual({
      range: { from: '1995-01-01', to: '2025-01-01' },
    });
    expect(resolveArRange({ from: '1995-01-01', to: '2025-01-02' }, now)).toEqual({
      field: 'to',
      message: 'to: the range can span at most 30 years',
    });
    // A future start without an end is after today's end.
    expect(resolveArRange({ from: '2025-04-01' }, now)).toMatchObject({ field: 'from' });
  });
});

describe('the A&R figures as answered', () => {
  it('shows hours with one decimal and mean scores with two', () => {
    expect(hoursOf(5400)).toBe(1.5);
    expect(hoursOf(3600 * 26 + 180)).toBe(26.1);
    expect(hoursOf(0)).toBe(0);
    expect(hoursOf(null)).toBeNull();
    expect(roundScore(22 / 3)).toBe(7.33);
    expect(roundScore(7)).toBe(7);
    expect(roundScore(null)).toBeNull();
  });

  it('finds a member’s median score from counts per score, as percentile_cont does', () => {
    expect(
      medianOfCounts([
        { score: 8, n: 1 },
        { score: 5, n: 1 },
        { score: 10, n: 1 },
      ]),
    ).toBe(8);
    expect(
      medianOfCounts([
        { score: 3, n: 1 },
        { score: 7, n: 1 },
      ]),
    ).toBe(5);
    // 6, 6, 6, 9: the middle two are 6 and 6.
    expect(
      medianOfCounts([
        { score: 9, n: 1 },
        { score: 6, n: 3 },
      ]),
    ).toBe(6);
    // 2, 2, 9, 9: the mean of 2 and 9.
    expect(
      medianOfCounts([
        { score: 2, n: 2 },
        { score: 9, n: 2 },
      ]),
    ).toBe(5.5);
    expect(medianOfCounts([{ score: 4, n: 0 }])).toBeNull();
    expect(medianOfCounts([])).toBeNull();
  });

  it('calls a score high at or above its reviewer’s own median', () => {
    expect(isHighScore(6, 5.5)).toBe(true);
    expect(isHighScore(6, 6)).toBe(true);
    expect(isHighScore(5, 5.5)).toBe(false);
    expect(isHighScore(10, null)).toBe(false);
  });

  it('writes an exact amount as a number cell only when the number is the same decimal', () => {
    expect(csvDecimal('12.5')).toBe(12.5);
    expect(csvDecimal('-3')).toBe(-3);
    expect(csvDecimal('0.1234567890123456789')).toBe('0.1234567890123456789');
    expect(csvDecimal(null)).toBeNull();
  });
});
