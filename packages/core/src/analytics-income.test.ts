import { describe, expect, it } from 'vitest';
import {
  catalogueValueMonths,
  decimalCell,
  describeIncomeAlert,
  formatMonthSpan,
  INCOME_ALERT_RULES,
  planSourceAlerts,
  shiftMonth,
} from './analytics-income.ts';

const imp = (id: string, months: string[], createdAt = '2026-01-01T00:00:00') => ({ id, createdAt, months });

describe('months', () => {
  it('shifts across years both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-04', -11)).toBe('2025-05');
    expect(shiftMonth('2026-04', 0)).toBe('2026-04');
    expect(shiftMonth('2024-03', -27)).toBe('2021-12');
  });

  it('sums catalogue value over the twelve months ending at the latest sale month', () => {
    expect(catalogueValueMonths('2026-04')).toEqual({ from: '2025-05', to: '2026-04' });
    expect(catalogueValueMonths('2026-12')).toEqual({ from: '2026-01', to: '2026-12' });
  });

  it('says a span of months as people do', () => {
    expect(formatMonthSpan('2026-04', '2026-04')).toBe('Apr 2026');
    expect(formatMonthSpan('2026-01', '2026-03')).toBe('Jan–Mar 2026');
    expect(formatMonthSpan('2025-11', '2026-01')).toBe('Nov 2025–Jan 2026');
  });
});

describe('which months missing income compares', () => {
  it('takes the latest import by its last sale month and the three months of data before it', () => {
    const plan = planSourceAlerts([
      imp('jan', ['2026-01']),
      imp('feb', ['2026-02']),
      imp('mar', ['2026-03']),
      imp('apr', ['2026-04']),
      imp('dec', ['2025-12']),
    ]);
    expect(plan).toEqual({
      latestId: 'apr',
      current: ['2026-04'],
      previous: ['2026-01', '2026-02', '2026-03'],
      importIds: ['jan', 'feb', 'mar', 'apr'],
    });
  });

  it('counts months of data, not calendar months: a month without any statement is skipped', () => {
    const plan = planSourceAlerts([
      imp('a', ['2025-10']),
      imp('b', ['2025-11']),
      imp('c', ['2026-01']),
      imp('d', ['2026-03']),
    ]);
    expect(plan?.previous).toEqual(['2025-10', '2025-11', '2026-01']);
  });

  it('compares a quarterly statement with the quarter before (its three months)', () => {
    const plan = planSourceAlerts([
      imp('q4', ['2025-10', '2025-11', '2025-12']),
      imp('q1', ['2026-01', '2026-03', '2026-02', '2026-01']),
    ]);
    expect(plan).toMatchObject({
      latestId: 'q1',
      current: ['2026-01', '2026-02', '2026-03'],
      previous: ['2025-10', '2025-11', '2025-12'],
    });
  });

  it('uses every earlier month when there are two, and says nothing with fewer', () => {
    expect(
      planSourceAlerts([imp('a', ['2026-01']), imp('b', ['2026-02']), imp('c', ['2026-03'])])?.previous,
    ).toEqual(['2026-01', '2026-02']);
    expect(INCOME_ALERT_RULES.minPreviousMonths).toBe(2);
    expect(planSourceAlerts([imp('a', ['2026-01']), imp('b', ['2026-02'])])).toBeNull();
    expect(planSourceAlerts([imp('a', ['2026-01'])])).toBeNull();
    expect(planSourceAlerts([])).toBeNull();
    // An import without lines has no months and is never the latest.
    expect(planSourceAlerts([imp('a', ['2026-01']), imp('b', ['2026-02']), imp('c', [])])).toBeNull();
  });

  it('breaks a tie on the last month by the most recently created import', () => {
    const plan = planSourceAlerts([
      imp('m1', ['2026-01']),
      imp('m2', ['2026-02']),
      imp('first', ['2026-03'], '2026-04-01T10:00:00'),
      imp('again', ['2026-03'], '2026-04-02T10:00:00'),
    ]);
    expect(plan).toMatchObject({ latestId: 'again', previous: ['2026-01', '2026-02'] });
    // The other import of the same month is read with the current months.
    expect(plan?.importIds).toEqual(['m1', 'm2', 'first', 'again']);
  });

  it('does not let an old statement imported late become the latest', () => {
    const plan = planSourceAlerts([
      imp('jan', ['2026-01'], '2026-02-01T00:00:00'),
      imp('feb', ['2026-02'], '2026-03-01T00:00:00'),
      imp('mar', ['2026-03'], '2026-04-01T00:00:00'),
      imp('apr', ['2026-04'], '2026-05-01T00:00:00'),
      imp('backfill', ['2025-06'], '2026-05-20T00:00:00'),
    ]);
    expect(plan).toMatchObject({ latestId: 'apr', previous: ['2026-01', '2026-02', '2026-03'] });
    expect(plan?.importIds).not.toContain('backfill');
  });
});

describe('texts', () => {
  it('describes a missing store and a territory that dropped', () => {
    expect(
      describeIncomeAlert({
        kind: 'missing',
        dimension: 'store',
        value_name: 'Spotify',
        recording_title: 'Night Drive',
        source_name: 'DistroKid',
        current_from: '2026-04',
        current_to: '2026-04',
      }),
    ).toBe('“Night Drive” has no income from Spotify in DistroKid’s statement for Apr 2026');
    expect(
      describeIncomeAlert({
        kind: 'drop',
        dimension: 'territory',
        value_name: 'Germany',
        recording_title: 'Night Drive',
        source_name: 'Believe',
        current_from: '2026-01',
        current_to: '2026-03',
      }),
    ).toBe('“Night Drive” earned less than half as much in Germany in Believe’s statement for Jan–Mar 2026');
  });

  it('writes an exact decimal as a number cell only when the number is the same decimal', () => {
    expect(decimalCell('12.5')).toBe(12.5);
    expect(decimalCell('-0.01')).toBe(-0.01);
    expect(decimalCell('12.50')).toBe(12.5);
    expect(decimalCell('0.1234567890123456789')).toBe('0.1234567890123456789');
    expect(decimalCell('0.0000001')).toBe('0.0000001');
  });
});
