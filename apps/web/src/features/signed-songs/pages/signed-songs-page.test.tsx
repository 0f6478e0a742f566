import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeMe, makeOverview, makeOverviewRow } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const golden = makeOverviewRow({
  id: 'song-3',
  title: 'Golden Hour',
  artist: 'Sunny',
  status: 'signed',
  submitted_at: '2025-02-10T12:00:00.000Z',
  averages: { musical: 8, artist: 7.25, overall: 9 },
});
const neon = makeOverviewRow({
  id: 'song-4',
  title: 'Neon Rain',
  artist: 'The Lights',
  status: 'signed',
  averages: { musical: 6.5, artist: null, overall: 7 },
});

function serve(signed: Response | Response[]) {
  return mockFetch({
    'GET /api/v1/me': json(200, makeMe()),
    'GET /api/v1/overview': signed,
  });
}

function lastParams(server: ReturnType<typeof mockFetch>) {
  const requests = server.requestsTo('GET /api/v1/overview');
  return new URL(requests[requests.length - 1]!.path, 'http://localhost').searchParams;
}

beforeAll(async () => {
  await import('./signed-songs-page');
});

describe('Signed Songs', () => {
  it('lists signed songs, newest first, each linking to its page', async () => {
    const server = serve(json(200, makeOverview({ songs: [golden, neon] })));
    renderApp({ route: '/signed-songs', session: makeClientSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Signed Songs' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Signed songs' });
    const card = within(within(list).getByRole('article', { name: 'Golden Hour' }));
    expect(card.getByRole('link', { name: 'Golden Hour' }).getAttribute('href')).toBe('/signed-songs/song-3');
    expect(card.getByText('Sunny')).toBeTruthy();
    expect(card.getByText(/2025/).getAttribute('datetime')).toBe('2025-02-10T12:00:00.000Z');
    expect(card.getByText('8.0')).toBeTruthy();
    expect(card.getByText('7.3')).toBeTruthy();
    expect(card.getByText('9.0')).toBeTruthy();
    expect(
      within(within(list).getByRole('article', { name: 'Neon Rain' })).getByText('No scores yet'),
    ).toBeTruthy();
    expect(screen.getByText('2 signed songs')).toBeTruthy();

    const params = lastParams(server);
    expect(params.get('status')).toBe('signed');
    expect(params.get('sort')).toBe('submitted_at');
    expect(params.get('q')).toBeNull();
  });

  it('searches for the artist a search result links to (?artist=)', async () => {
    const server = serve(json(200, makeOverview({ songs: [neon] })));
    renderApp({ route: '/signed-songs?artist=The%20Lights', session: makeClientSession() });

    expect(await screen.findByRole('article', { name: 'Neon Rain' })).toBeTruthy();
    expect(lastParams(server).get('q')).toBe('The Lights');
    expect((screen.getByRole('searchbox', { name: 'Search signed songs' }) as HTMLInputElement).value).toBe(
      'The Lights',
    );
    expect(screen.getByText('1 signed song matching “The Lights”')).toBeTruthy();
  });

  it('searches as the user types, replacing the artist filter', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve([
      json(200, makeOverview({ songs: [neon] })),
      json(200, makeOverview({ songs: [golden] })),
    ]);
    const { location } = renderApp({
      route: '/signed-songs?artist=The%20Lights',
      session: makeClientSession(),
    });
    await screen.findByRole('article', { name: 'Neon Rain' });

    const box = screen.getByRole('searchbox', { name: 'Search signed songs' });
    await user.clear(box);
    await user.type(box, 'golden');
    await waitFor(() => expect(lastParams(server).get('q')).toBe('golden'));
    expect(await screen.findByRole('article', { name: 'Golden Hour' })).toBeTruthy();
    expect(location()).toBe('/signed-songs?q=golden');
  });

  it('says when nothing is signed yet', async () => {
    serve(json(200, makeOverview()));
    renderApp({ route: '/signed-songs', session: makeClientSession() });
    expect(await screen.findByText('No signed songs yet')).toBeTruthy();
  });

  it('says when nothing matches the search, and clears it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve([json(200, makeOverview()), json(200, makeOverview({ songs: [golden] }))]);
    renderApp({ route: '/signed-songs?artist=Nobody', session: makeClientSession() });
    expect(await screen.findByText('No signed songs match this search')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'Golden Hour' })).toBeTruthy();
    expect(lastParams(server).get('q')).toBeNull();
  });

  it('loads more songs from where the list ends', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve([
      // A short first page stands for a full one of 50: the next page starts where the list ends.
      json(200, makeOverview({ songs: [golden], total: 2 })),
      json(200, makeOverview({ songs: [neon], total: 2 })),
    ]);
    renderApp({ route: '/signed-songs', session: makeClientSession() });
    await screen.findByRole('article', { name: 'Golden Hour' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Neon Rain' })).toBeTruthy();
    expect(lastParams(server).get('offset')).toBe('1');
    expect(lastParams(server).get('limit')).toBe('50');
    expect(screen.getByRole('article', { name: 'Golden Hour' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows a load failure with a way to try again', async () => {
    const user = userEvent.setup({ delay: null });
    serve([apiError(403, 'forbidden', 'No access'), json(200, makeOverview({ songs: [golden] }))]);
    renderApp({ route: '/signed-songs', session: makeClientSession() });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No access');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Golden Hour' })).toBeTruthy();
  });
});
