import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe, makeOverview, makeOverviewRow } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const hiddenRow = makeOverviewRow({
  id: 'song-1',
  title: 'Midnight Drive',
  artist: null,
  averages: null,
  review_count: 2,
  useless_count: 1,
  deadline_badge: '3 days left',
  current_version_number: 2,
  audio_file_key: 'org-1/audio/song-1/demo.mp3',
});
const reviewedRow = makeOverviewRow({
  id: 'song-2',
  title: 'Neon Rain',
  artist: 'The Lights',
  reviewed_by_me: true,
  review_count: 3,
  averages: { musical: 7.5, artist: 7, overall: null },
  has_sixty_percent_reviews: true,
  deadline_badge: 'Expired',
});
const signedRow = makeOverviewRow({
  id: 'song-3',
  title: 'Golden Hour',
  artist: 'Sunny',
  status: 'signed',
  averages: { musical: 8, artist: 8.25, overall: 9 },
});

type Routes = Parameters<typeof mockFetch>[0];

function serve(overview: Response | Response[], { admin = false, extra = {} as Routes } = {}) {
  return mockFetch({
    'GET /api/v1/me': json(200, makeMe({ reviewer: { is_admin: admin } })),
    'GET /api/v1/overview': overview,
    ...extra,
  });
}

function renderOverview(route = '/overview') {
  return renderApp({ route, session: makeClientSession() });
}

/** The query of the last overview request. */
function lastOverviewParams(server: ReturnType<typeof mockFetch>) {
  const requests = server.requestsTo('GET /api/v1/overview');
  const last = requests[requests.length - 1];
  if (!last) throw new Error('No overview request');
  return new URL(last.path, 'http://localhost').searchParams;
}

const songsTable = () => screen.findByRole('table', { name: 'Songs' });
const rowOf = (title: string) => {
  const row = screen.getByRole('link', { name: title }).closest('tr');
  if (!row) throw new Error(`No row for ${title}`);
  return within(row);
};

beforeAll(async () => {
  await import('./overview-page');
});

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

describe('Overview', () => {
  it('lists every song with what the viewer may see, hiding unreviewed artists and averages', async () => {
    const server = serve(
      json(200, makeOverview({ songs: [hiddenRow, reviewedRow, signedRow], team_size: 5 })),
    );
    renderOverview();

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    const table = await songsTable();
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    const hidden = rowOf('Midnight Drive');
    expect(screen.getByRole('link', { name: 'Midnight Drive' }).getAttribute('href')).toBe('/review/song-1');
    // The table shows "Hidden"; screen readers and the tooltip get the whole reason.
    expect(hidden.getByTitle('Hidden until you review').textContent).toBe('Hidden until you review');
    expect(hidden.getAllByText('Hidden until you review this version')).toHaveLength(3);
    expect(hidden.getByText('v2')).toBeTruthy();
    expect(hidden.getByText('2 of 5')).toBeTruthy();
    expect(hidden.getByText('1 marked useless')).toBeTruthy();
    expect(hidden.getByText('Pending')).toBeTruthy();
    expect(hidden.getByText('3 days left')).toBeTruthy();
    expect(hidden.queryByText('Ready for decision')).toBeNull();
    expect(hidden.getByRole('checkbox', { name: 'Select Midnight Drive' })).toBeTruthy();
    expect(hidden.getByRole('button', { name: 'Play Midnight Drive' })).toBeTruthy();
    expect(hidden.getByText(/2025/).closest('time')?.getAttribute('datetime')).toBe(
      '2025-03-14T12:00:00.000Z',
    );

    const reviewed = rowOf('Neon Rain');
    expect(reviewed.getByText('The Lights')).toBeTruthy();
    expect(reviewed.getByText('7.5')).toBeTruthy();
    expect(reviewed.getByText('7.0')).toBeTruthy();
    expect(reviewed.getByText('No scores yet')).toBeTruthy();
    expect(reviewed.getByText('Ready for decision')).toBeTruthy();
    expect(reviewed.getByText('Expired')).toBeTruthy();
    expect(reviewed.getByText('3 of 5')).toBeTruthy();

    const signed = rowOf('Golden Hour');
    expect(signed.getByText('Signed')).toBeTruthy();
    expect(signed.getByText('8.3')).toBeTruthy();
    expect(signed.queryByText(/days left/)).toBeNull();

    expect(screen.getByText(/Averages stay hidden until you have reviewed/)).toBeTruthy();
    expect(screen.getByText('Showing 1–3 of 3')).toBeTruthy();
    // The default view asks for the newest submissions first, 50 at a time.
    const params = lastOverviewParams(server);
    expect(params.get('sort')).toBe('submitted_at');
    expect(params.get('order')).toBe('desc');
    expect(params.get('limit')).toBe('50');
    expect(params.get('offset')).toBe('0');
    expect(screen.getByRole('columnheader', { name: /Submitted/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('sorts by a column header: the request, aria-sort and the URL follow', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve(json(200, makeOverview({ songs: [hiddenRow, reviewedRow] })));
    const { location } = renderOverview();
    await songsTable();

    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastOverviewParams(server).get('sort')).toBe('title'));
    expect(lastOverviewParams(server).get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Submitted/ }).getAttribute('aria-sort')).toBeNull();
    expect(location()).toBe('/overview?sort=title&order=asc');

    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(lastOverviewParams(server).get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByRole('button', { name: 'Overall avg' }));
    await waitFor(() => expect(lastOverviewParams(server).get('sort')).toBe('overall'));
    expect(lastOverviewParams(server).get('order')).toBe('desc');
  });

  it('sends the filters and the debounced search, keeps them in the URL, and restores them from it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve(json(200, makeOverview({ songs: [hiddenRow] })));
    const { location } = renderOverview();
    await songsTable();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Signed');
    await waitFor(() => expect(lastOverviewParams(server).get('status')).toBe('signed'));
    await user.click(screen.getByRole('checkbox', { name: 'Ready for decision only' }));
    await waitFor(() => expect(lastOverviewParams(server).get('ready')).toBe('true'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mine' }), 'Not reviewed by me');
    await waitFor(() => expect(lastOverviewParams(server).get('mine')).toBe('unreviewed'));

    const before = server.requestsTo('GET /api/v1/overview').length;
    await user.type(screen.getByRole('searchbox', { name: 'Search songs' }), 'neon');
    await waitFor(() => expect(lastOverviewParams(server).get('q')).toBe('neon'));
    // One request for the whole word, not one per key.
    expect(server.requestsTo('GET /api/v1/overview').length).toBe(before + 1);
    expect(location()).toBe('/overview?q=neon&status=signed&ready=true&mine=unreviewed');
  });

  it('opens a shared link with its view: filters, sort and page', async () => {
    const server = serve(json(200, makeOverview({ songs: [hiddenRow], total: 120 })));
    renderOverview('/overview?q=mid&status=pending&mine=reviewed&sort=reviews&order=asc&page=2');
    await songsTable();

    const params = lastOverviewParams(server);
    expect(Object.fromEntries(params)).toEqual({
      q: 'mid',
      status: 'pending',
      mine: 'reviewed',
      sort: 'reviews',
      order: 'asc',
      limit: '50',
      offset: '50',
    });
    expect((screen.getByRole('searchbox', { name: 'Search songs' }) as HTMLInputElement).value).toBe('mid');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('pending');
    expect((screen.getByRole('combobox', { name: 'Mine' }) as HTMLSelectElement).value).toBe('reviewed');
    expect(screen.getByRole('columnheader', { name: /Reviews/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText('Showing 51–51 of 120')).toBeTruthy();
  });

  it('pages 50 at a time with Previous and Next', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve(json(200, makeOverview({ songs: [hiddenRow, reviewedRow], total: 102 })));
    renderOverview();
    await songsTable();
    expect(screen.getByText('Showing 1–2 of 102')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastOverviewParams(server).get('offset')).toBe('50'));
    expect(await screen.findByText('Showing 51–52 of 102')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets an admin sign the selected songs after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve(json(200, makeOverview({ songs: [hiddenRow, reviewedRow, signedRow] })), {
      admin: true,
      extra: { 'POST /api/v1/songs/decisions': json(200, { updated: ['song-1', 'song-2'] }) },
    });
    renderOverview();
    await songsTable();

    await user.click(screen.getByRole('checkbox', { name: 'Select Midnight Drive' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Neon Rain' }));
    const selectAll = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    expect(selectAll.indeterminate).toBe(true);
    const bar = within(screen.getByRole('region', { name: 'Selected songs' }));
    expect(bar.getByText('2 selected')).toBeTruthy();

    await user.click(bar.getByRole('button', { name: 'Sign selected' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign 2 songs?' }));
    expect(dialog.getByText('Midnight Drive')).toBeTruthy();
    expect(dialog.getByText('Neon Rain')).toBeTruthy();
    const loadsBefore = server.requestsTo('GET /api/v1/overview').length;
    await user.click(dialog.getByRole('button', { name: 'Sign 2 songs' }));

    expect(await screen.findByText('2 songs signed')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/songs/decisions').map((r) => r.body)).toEqual([
      { song_ids: ['song-1', 'song-2'], status: 'signed' },
    ]);
    await waitFor(() =>
      expect(server.requestsTo('GET /api/v1/overview').length).toBeGreaterThan(loadsBefore),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selected songs' })).toBeNull();
  });

  it('selects the whole page and passes it, keeping the selection when the server refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve(json(200, makeOverview({ songs: [hiddenRow, reviewedRow] })), {
      admin: true,
      extra: {
        'POST /api/v1/songs/decisions': apiError(403, 'forbidden', 'Only admins can decide on songs'),
      },
    });
    renderOverview();
    await songsTable();

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect((screen.getByRole('checkbox', { name: 'Select Neon Rain' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Pass selected' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pass 2 songs?' }));
    await user.click(dialog.getByRole('button', { name: 'Pass 2 songs' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Only admins can decide on songs');
    expect(server.requestsTo('POST /api/v1/songs/decisions')[0]?.body).toEqual({
      song_ids: ['song-1', 'song-2'],
      status: 'passed',
    });
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('shows members their selection without decision buttons', async () => {
    const user = userEvent.setup({ delay: null });
    serve(json(200, makeOverview({ songs: [hiddenRow, reviewedRow] })), { admin: false });
    renderOverview();
    await songsTable();

    await user.click(screen.getByRole('checkbox', { name: 'Select Neon Rain' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign selected' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pass selected' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText('1 selected')).toBeNull();
  });

  it('plays a song in the global player', async () => {
    const user = userEvent.setup({ delay: null });
    serve(json(200, makeOverview({ songs: [hiddenRow] })), {
      extra: {
        'POST /functions/v1/get-signed-url': json(200, {
          success: true,
          url: 'https://cdn.test/demo.mp3',
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        }),
      },
    });
    renderOverview();
    await songsTable();
    await user.click(screen.getByRole('button', { name: 'Play Midnight Drive' }));
    await waitFor(() =>
      expect(screen.getByTestId('global-audio').getAttribute('src')).toBe('https://cdn.test/demo.mp3'),
    );
  });

  it('says when there are no songs at all, with a way to add some', async () => {
    serve(json(200, makeOverview()));
    renderOverview();
    expect(await screen.findByText('No songs yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add tracks' }).getAttribute('href')).toBe('/add-tracks');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve([json(200, makeOverview()), json(200, makeOverview({ songs: [hiddenRow] }))]);
    const { location } = renderOverview('/overview?q=zzz&status=passed&sort=title&order=asc');
    expect(await screen.findByText('No songs match these filters')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await songsTable();
    const params = lastOverviewParams(server);
    expect(params.get('q')).toBeNull();
    expect(params.get('status')).toBeNull();
    // Clearing the filters keeps the sort.
    expect(params.get('sort')).toBe('title');
    expect(location()).toBe('/overview?sort=title&order=asc');
    expect((screen.getByRole('searchbox', { name: 'Search songs' }) as HTMLInputElement).value).toBe('');
  });

  it('shows a load failure in a red box and retries', async () => {
    const user = userEvent.setup({ delay: null });
    serve([
      apiError(403, 'forbidden', 'You are not a member of this label'),
      json(200, makeOverview({ songs: [hiddenRow] })),
    ]);
    renderOverview();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are not a member of this label');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await songsTable()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows cards instead of the table on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const user = userEvent.setup({ delay: null });
    const server = serve(json(200, makeOverview({ songs: [hiddenRow, reviewedRow] })));
    renderOverview();

    const list = await screen.findByRole('list', { name: 'Songs' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(within(list).getByRole('article', { name: 'Midnight Drive' }));
    expect(card.getByText('Hidden until you review')).toBeTruthy();
    expect(card.getByRole('checkbox', { name: 'Select Midnight Drive' })).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Title');
    await waitFor(() => expect(lastOverviewParams(server).get('sort')).toBe('title'));
    expect(lastOverviewParams(server).get('order')).toBe('asc');
  });
});
