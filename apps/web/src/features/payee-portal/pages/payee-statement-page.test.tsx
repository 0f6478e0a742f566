import type { PublicStatementDto } from '@music-review/core/contracts/royalty-statements';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const TOKEN = 'Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
const base = `/api/v1/public/statements/${TOKEN}`;
const open = () => renderApp({ route: `/statements/${TOKEN}`, session: null });

const zero = {
  opening_minor: '0',
  earnings_minor: '0',
  advances_minor: '0',
  costs_minor: '0',
  reserves_held_minor: '0',
  reserves_released_minor: '0',
  payments_minor: '0',
  adjustments_minor: '0',
  closing_minor: '0',
  payable_minor: '0',
};

/** A statement of 501 lines: one more than the page shows at first. */
function statement(): PublicStatementDto {
  return {
    label_name: 'Tide Records',
    payee_name: 'Пётр Иванов',
    currency: 'USD',
    period_name: '2026-Q1',
    start_month: '2026-01',
    end_month: '2026-03',
    published_at: '2026-04-02T10:00:00.000Z',
    ...zero,
    opening_minor: '-10000',
    earnings_minor: '123456',
    closing_minor: '113456',
    payable_minor: '113456',
    deals: [
      {
        contract_title: 'Recording agreement',
        ...zero,
        earnings_minor: '123456',
        closing_minor: '113456',
        payable_minor: '113456',
        opening_minor: '-10000',
        cross_collateral_minor: '0',
      },
    ],
    lines: Array.from({ length: 501 }, (_, i) => ({
      release_title: 'Night Tides',
      upc: '036000291452',
      track_title: i === 0 ? '星の海' : `Track ${i}`,
      isrc: 'JPWEX2600001',
      store: 'Spotify',
      territory: 'JP',
      sale_type: 'stream',
      quantity: 1000,
      receipts: '2.465',
      rate: '50',
      share: '100',
      earnings_minor: i === 0 ? '123' : '246',
    })),
  };
}

let saved: string[] = [];

beforeAll(async () => {
  await import('./payee-statement-page');
});

beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:statement');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

describe('payee statement page', () => {
  it('shows the label, the figures, the contracts and the first 500 lines, then more; downloads the files', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      [`GET ${base}`]: json(200, statement()),
      [`GET ${base}/pdf`]: new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'content-disposition': 'attachment; filename="s.pdf"; filename*=UTF-8\'\'2026-Q1%20statement.pdf',
        },
      }),
    });
    open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Royalty statement 2026-Q1' })).toBeTruthy();
    expect(screen.getByText('Tide Records')).toBeTruthy();
    expect(screen.getByText(/Пётр Иванов · 2026-01 to 2026-03 · USD/)).toBeTruthy();
    // The figures, exact to the cent, and what is payable.
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Opening balance')).toBeTruthy();
    expect(within(summary).getByText('USD -100.00')).toBeTruthy();
    expect(within(summary).getByText('USD 1,234.56')).toBeTruthy();
    expect(within(summary).getAllByText('USD 1,134.56')).toHaveLength(2);
    const contracts = screen.getByRole('region', { name: 'Per contract' });
    expect(within(contracts).getByRole('cell', { name: 'Recording agreement' })).toBeTruthy();

    const earnings = screen.getByRole('region', { name: 'Earnings by release, track, store and territory' });
    // 500 rows (counted by selector: role queries over 500 rows are slow); receipts rounded half to
    // even for display (2.465 -> 2.46).
    const rows = () => earnings.querySelectorAll('tbody tr').length;
    expect(rows()).toBe(500);
    expect(within(earnings).getByText('星の海')).toBeTruthy();
    expect(within(earnings).getAllByText('USD 2.46').length).toBeGreaterThan(0);
    expect(within(earnings).getByText('Showing 500 of 501 lines.')).toBeTruthy();
    await user.click(within(earnings).getByRole('button', { name: 'Show more' }));
    expect(rows()).toBe(501);
    expect(within(earnings).queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(saved).toEqual(['2026-Q1 statement.pdf']));
    // No session goes with the payee's calls.
    expect(server.requestsTo(`GET ${base}/pdf`)[0]?.headers.get('authorization')).toBeNull();
  }, 30_000);

  it('a withdrawn link gets the link page’s own message', async () => {
    mockFetch({ [`GET ${base}`]: apiError(410, 'link_revoked', PUBLIC_LINK_MESSAGES.revoked) });
    open();
    expect(await screen.findByText(PUBLIC_LINK_MESSAGES.revoked)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });
});
