import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../../test/factories';
import { apiError, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { ExportCsvButton } from './export-csv-button';

const LIMIT =
  'Your plan allows 10 catalogue CSV exports a month, and this month’s are used. Upgrade your plan or wait until next month.';

let saved: string[] = [];

beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

const csv = () =>
  new Response('\uFEFFID,Title\r\n', {
    status: 200,
    headers: { 'content-disposition': 'attachment; filename="catalogue-recordings-2026-01-01.csv"' },
  });

describe('Export CSV', () => {
  it('downloads the rows of the tab’s filters, leaving out the empty ones and the paging', async () => {
    const server = mockFetch({ 'GET /api/v1/catalogue/export/recordings': csv() });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <ExportCsvButton
        kind="recordings"
        filters={{
          q: 'night',
          year: 2024,
          origin: '',
          missing: 'isrc',
          sort: 'title',
          dir: 'desc',
          limit: 100,
          status: 'draft',
        }}
      />,
      { session: makeClientSession() },
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['catalogue-recordings-2026-01-01.csv']));
    expect(server.requests.at(-1)!.path).toBe(
      '/api/v1/catalogue/export/recordings?q=night&year=2024&missing=isrc&sort=title&dir=desc',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the plan’s limit when the month’s exports are used', async () => {
    mockFetch({ 'GET /api/v1/catalogue/export/works': apiError(403, 'plan_limit_reached', LIMIT) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ExportCsvButton kind="works" filters={{}} />, { session: makeClientSession() });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LIMIT);
    expect(saved).toEqual([]);
  });
});
