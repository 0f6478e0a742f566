import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  addMonths,
  changePercent,
  convertSums,
  displayDecimal,
  divideDecimals,
  lifecycleBucket,
  mergeRatesUsed,
  monthCount,
  monthsOf,
  type PeriodRates,
  perThousandStreams,
  pickRate,
  previousRange,
  resolveRange,
  sharePercent,
  territoryLabel,
  yearEarlier,
} from './analytics.ts';
import { analyticsExportQuery, breakdownQuery, performanceQuery } from './analytics-schemas.ts';

describe('month ranges', () => {
  it('counts, lists and shifts months across years', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-11', 14)).toBe('2026-01');
    expect(monthCount({ from: '2024-11', to: '2025-02' })).toBe(4);
    expect(monthsOf({ from: '2024-11', to: '2025-02' })).toEqual([
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
  });

  it('defaults to the twelve months ending at the latest sale month, else this month', () => {
    expect(resolveRange({}, '2025-06', '2026-03')).toEqual({ from: '2024-07', to: '2025-06' });
    expect(resolveRange({}, null, '2026-03')).toEqual({ from: '2025-04', to: '2026-03' });
    expect(resolveRange({ from: '2025-02' }, '2025-06', '2026-03')).toEqual({
      from: '2025-02',
      to: '2026-01',
    });
    expect(resolveRange({ to: '2025-02' }, '2025-06', '2026-03')).toEqual({ from: '2024-03', to: '2025-02' });
    expect(resolveRange({ from: '2025-04', to: '2025-06' }, '2025-06', '2026-03')).toEqual({
      from: '2025-04',
      to: '2025-06',
    });
  });

  it('compares with the range of equal length just before and with the same months a year earlier', () => {
    const range = { from: '2025-04', to: '2025-06' };
    expect(previousRange(range)).toEqual({ from: '2025-01', to: '2025-03' });
    expect(yearEarlier(range)).toEqual({ from: '2024-04', to: '2024-06' });
    expect(previousRange({ from: '2024-07', to: '2025-06' })).toEqual({ from: '2023-07', to: '2024-06' });
  });
});

describe('release lifecycle', () => {
  it('buckets by whole calendar months from the release month to the sale month', () => {
    expect(lifecycleBucket('2025-03-15', '2025-02')).toBe('new'); // a pre-order
    expect(lifecycleBucket('2025-03-15', '2025-03')).toBe('new');
    expect(lifecycleBucket('2025-03-15', '2025-05')).toBe('new'); // 2 months
    expect(lifecycleBucket('2025-03-31', '2025-06')).toBe('recent'); // 3 months
    expect(lifecycleBucket('2024-03-01', '2025-09')).toBe('recent'); // 18 months
    expect(lifecycleBucket('2024-03-01', '2025-10')).toBe('back_catalogue'); // 19 months
    expect(lifecycleBucket(null, '2025-10')).toBe('unknown');
  });
});

describe('answered figures', () => {
  it('rounds once, half to even, to six decimals', () => {
    expect(displayDecimal('1.2345665')).toBe('1.234566');
    expect(displayDecimal('1.2345675')).toBe('1.234568');
    expect(displayDecimal('-0.0000005')).toBe('0');
    expect(displayDecimal('12.500000')).toBe('12.5');
  });

  it('divides exactly before rounding', () => {
    expect(divideDecimals('1', '3')).toBe('0.333333');
    expect(divideDecimals('2', '3')).toBe('0.666667');
    expect(divideDecimals('-2', '3')).toBe('-0.666667');
    expect(divideDecimals('2', '-3')).toBe('-0.666667');
    expect(divideDecimals('0.0000005', '1')).toBe('0'); // half to even: 0.000000|5 -> 0
    expect(divideDecimals('0.0000015', '1')).toBe('0.000002');
    expect(divideDecimals('1', '0')).toBeNull();
  });

  it('answers changes against |base|, null when the base is 0', () => {
    // (41.62 - 12.1) / 12.1 x 100 = 243.9669421487...
    expect(changePercent('41.62', '12.1')).toBe('243.966942');
    expect(changePercent('5', '10')).toBe('-50');
    expect(changePercent('5', '0')).toBeNull();
    // From -2 (returns) to 1 is a rise: (1 - -2) / 2 x 100.
    expect(changePercent('1', '-2')).toBe('150');
    expect(sharePercent('29.15', '41.62')).toBe('70.038443'); // 70.0384430562...
    expect(sharePercent('1', '0')).toBeNull();
    // 32.65 / 10300 x 1000 = 3.1699029126...
    expect(perThousandStreams('32.65', 10300)).toBe('3.169903');
    expect(perThousandStreams('1', 0)).toBeNull();
  });
});

describe('exchange rates', () => {
  const periods: PeriodRates[] = [
    { start_month: '2024-10', end_month: '2024-12', rates: [{ from: 'EUR', to: 'USD', rate: '1.20' }] },
    { start_month: '2025-01', end_month: '2025-03', rates: [] },
    {
      start_month: '2025-04',
      end_month: '2025-06',
      rates: [
        { from: 'EUR', to: 'USD', rate: '1.1' },
        { from: 'USD', to: 'EUR', rate: '0.9' },
      ],
    },
  ];

  it('uses the period holding the month, else the nearest with the pair, ties to the earlier', () => {
    expect(pickRate(periods, 'EUR', 'USD', '2025-05')).toEqual({
      rate: '1.1',
      period: { from: '2025-04', to: '2025-06' },
    });
    // 2025-01: one month after Q4 2024, three before Q2 2025.
    expect(pickRate(periods, 'EUR', 'USD', '2025-01')).toEqual({
      rate: '1.2',
      period: { from: '2024-10', to: '2024-12' },
    });
    expect(pickRate(periods, 'EUR', 'USD', '2025-03')?.period).toEqual({ from: '2025-04', to: '2025-06' });
    // 2025-02 is two months from each: the earlier period wins.
    expect(pickRate(periods, 'EUR', 'USD', '2025-02')?.rate).toBe('1.2');
    expect(pickRate(periods, 'EUR', 'USD', '2030-01')?.rate).toBe('1.1');
    expect(pickRate(periods, 'USD', 'USD', '2025-01')).toEqual({ rate: '1', period: null });
    // Never the inverse of the opposite pair.
    expect(pickRate(periods, 'GBP', 'USD', '2025-05')).toBeNull();
    expect(
      pickRate(
        [{ ...periods[2]!, rates: [{ from: 'USD', to: 'EUR', rate: '0.9' }] }],
        'EUR',
        'USD',
        '2025-05',
      ),
    ).toBeNull();
  });

  it('converts month sums exactly, lists the rates used and keeps what no rate converts apart', () => {
    const result = convertSums(
      [
        { month: '2025-01', currency: 'EUR', net: '2' },
        { month: '2025-05', currency: 'EUR', net: '1.5' },
        { month: '2025-05', currency: 'USD', net: '19.97' },
        { month: '2025-05', currency: 'JPY', net: '100' },
        { month: '2025-06', currency: 'JPY', net: '50' },
      ],
      'USD',
      periods,
    );
    // 2 x 1.2 + 1.5 x 1.1 + 19.97 = 2.4 + 1.65 + 19.97
    expect(result.income).toBe('24.02');
    expect([...result.notConverted]).toEqual([['JPY', '150']]);
    expect(result.ratesUsed).toEqual([
      {
        from: 'EUR',
        to: 'USD',
        rate: '1.2',
        period_start: '2024-10',
        period_end: '2024-12',
        months: ['2025-01'],
      },
      {
        from: 'EUR',
        to: 'USD',
        rate: '1.1',
        period_start: '2025-04',
        period_end: '2025-06',
        months: ['2025-05'],
      },
    ]);
    expect(
      mergeRatesUsed(result.ratesUsed, [
        {
          from: 'EUR',
          to: 'USD',
          rate: '1.1',
          period_start: '2025-04',
          period_end: '2025-06',
          months: ['2025-04'],
        },
      ])[1]?.months,
    ).toEqual(['2025-04', '2025-05']);
  });
});

describe('territory labels', () => {
  it('names known codes, keeps unknown ones as given', () => {
    expect(territoryLabel('GB')).toBe('United Kingdom');
    expect(territoryLabel('ZZ')).toBe('Unknown (ZZ)');
    expect(territoryLabel(null)).toBe('No country given');
  });
});

describe('the query schemas', () => {
  const problems = (result: {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  }) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('refuses a range that ends before it starts or covers more than 30 years', () => {
    expect(problems(performanceQuery.safeParse({ from: '2025-06', to: '2025-05' }))).toEqual([
      ['to', ANALYTICS_MESSAGES.toBeforeFrom],
    ]);
    expect(performanceQuery.safeParse({ from: '1995-07', to: '2025-06' }).success).toBe(true); // 360 months
    expect(problems(performanceQuery.safeParse({ from: '1995-06', to: '2025-06' }))).toEqual([
      ['from', ANALYTICS_MESSAGES.rangeTooLong],
    ]);
    expect(problems(performanceQuery.safeParse({ from: '2025-13' }))).toEqual([
      ['from', 'from: a month like 2025-06'],
    ]);
  });

  it('reads the breakdown dimension and limit, and the export report', () => {
    expect(breakdownQuery.parse({ dimension: 'track' })).toEqual({ dimension: 'track', limit: 50 });
    expect(problems(breakdownQuery.safeParse({ dimension: 'genre' }))).toEqual([
      ['dimension', ANALYTICS_MESSAGES.dimension],
    ]);
    expect(problems(breakdownQuery.safeParse({ dimension: 'store', limit: '501' }))).toEqual([
      ['limit', 'limit: must be between 1 and 500'],
    ]);
    expect(analyticsExportQuery.parse({ report: 'per_stream', territory: 'gb' })).toEqual({
      report: 'per_stream',
      territory: 'GB',
    });
  });
});
