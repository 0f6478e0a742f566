import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePerformance } from '../test/analytics-fixtures';
import { HeadlineFigures } from './headline-figures';

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.textContent ?? '';

describe('headline figures', () => {
  it('says a comparison once when the previous period is the same months a year earlier', () => {
    const range = { from: '2024-11', to: '2025-10' };
    render(
      <HeadlineFigures
        performance={makePerformance({
          range: { from: '2025-11', to: '2026-10', months: 12 },
          previous_range: range,
          year_ago_range: range,
        })}
      />,
    );
    for (const label of ['Income', 'Units', 'Streams']) {
      expect(tile(label)).toContain(
        'vs the previous period and the same period last year (Nov 2024–Oct 2025)',
      );
      expect(tile(label).match(/vs /g) ?? []).toHaveLength(1);
    }
  });

  it('keeps both comparisons for a range shorter than a year', () => {
    render(<HeadlineFigures performance={makePerformance()} />);
    expect(tile('Units')).toContain('vs the previous period (Oct–Dec 2024)');
    expect(tile('Units')).toContain('the same period last year (Jan–Mar 2024)');
  });
});
