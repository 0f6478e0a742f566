import type { SignedSongDto, SignedSongsDto } from '@music-review/core/signed-songs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeMe, makeOrganization } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const chips = (
  contract: string,
  tone: 'none' | 'progress' | 'done' | 'problem' = 'none',
): SignedSongDto['chips'] => [
  { key: 'contract', name: 'Contract', value: contract, tone },
  { key: 'metadata', name: 'Metadata', value: 'Not started', tone: 'none' },
  { key: 'label_copy', name: 'Label copy', value: 'Not started', tone: 'none' },
  { key: 'assets', name: 'Assets', value: 'Not started', tone: 'none' },
  { key: 'marketing', name: 'Marketing', value: 'Not started', tone: 'none' },
];

const golden: SignedSongDto = {
  id: 'song-3',
  title: 'Golden Hour',
  artist: 'Sunny',
  submitted_at: '2025-02-10T12:00:00.000Z',
  artwork_url: 'http://localhost/storage/cover.png?sig=1',
  averages: { musical: 8, artist: 7.25, overall: 9 },
  stage: 'metadata',
  chips: chips('Signed', 'done'),
};
const neon: SignedSongDto = {
  id: 'song-4',
  title: 'Neon Rain',
  artist: 'The Lights',
  submitted_at: '2025-02-09T12:00:00.000Z',
  artwork_url: null,
  averages: { musical: 6.5, artist: null, overall: 7 },
  stage: 'contract',
  chips: chips('Declined', 'problem'),
};
const page = (songs: SignedSongDto[], total = songs.length): SignedSongsDto => ({
  songs,
  total,
  artists: ['Sunny', 'The Lights'],
});

function serve(signed: Response | Response[], personId: string | null = null) {
  return mockFetch({
    'GET /api/v1/me': json(200, makeMe()),
    'GET /api/v1/signed-songs': signed,
    // The artist filter's person page link (Artists & Writers): none unless a test says so.
    'GET /api/v1/parties/by-name': json(200, { id: personId }),
  });
}

function lastParams(server: ReturnType<typeof mockFetch>) {
  const requests = server.requestsTo('GET /api/v1/signed-songs');
  return new URL(requests[requests.length - 1]!.path, 'http://localhost').searchParams;
}

beforeAll(async () => {
  await import('./signed-songs-page');
});

describe('Signed Songs', () => {
  it('lists signed songs with artwork, status chips and averages, each linking to its page', async () => {
    serve(json(200, page([golden, neon])));
    renderApp({ route: '/signed-songs', session: makeClientSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Signed Songs' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Signed songs' });
    const card = within(within(list).getByRole('article', { name: 'Golden Hour' }));
    expect(card.getByRole('link', { name: 'Golden Hour' }).getAttribute('href')).toBe('/signed-songs/song-3');
    expect(card.getByText('Sunny')).toBeTruthy();
    expect(card.getByText(/2025/).getAttribute('datetime')).toBe('2025-02-10T12:00:00.000Z');
    expect(card.getByText('Contract: Signed')).toBeTruthy();
    expect(card.getByText('Marketing: Not started')).toBeTruthy();
    expect(card.getByText('7.3')).toBeTruthy();
    expect((list.querySelector('img') as HTMLImageElement).src).toContain('cover.png');
    const neonCard = within(within(list).getByRole('article', { name: 'Neon Rain' }));
    expect(neonCard.getByText('Contract: Declined')).toBeTruthy();
    expect(neonCard.getByText('No scores yet')).toBeTruthy();
    expect(screen.getByText('2 signed songs')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All metadata forms' }).getAttribute('href')).toBe(
      '/signed-songs/metadata',
    );
  });

  it('filters by the artist a search result links to (?artist=) and by status', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve([json(200, page([neon])), json(200, page([neon]))]);
    const { location } = renderApp({
      route: '/signed-songs?artist=The%20Lights',
      session: makeClientSession(),
    });

    expect(await screen.findByRole('article', { name: 'Neon Rain' })).toBeTruthy();
    expect(lastParams(server).get('artist')).toBe('The Lights');
    expect((screen.getByRole('combobox', { name: 'Artist' }) as HTMLSelectElement).value).toBe('The Lights');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Needs contract');
    await waitFor(() => expect(lastParams(server).get('stage')).toBe('contract'));
    expect(location()).toBe('/signed-songs?artist=The+Lights&stage=contract');
  });

  it("links the filtered artist's person page when the catalogue knows them, and only then", async () => {
    const server = serve(json(200, page([neon])), 'party-7');
    const first = renderApp({ route: '/signed-songs?artist=The%20Lights', session: makeClientSession() });
    const link = await screen.findByRole('link', { name: 'Open person page' });
    expect(link.getAttribute('href')).toBe('/artists-writers/party-7');
    expect(server.requestsTo('GET /api/v1/parties/by-name').map((r) => r.path)).toEqual([
      '/api/v1/parties/by-name?name=The+Lights',
    ]);
    first.unmount();

    serve(json(200, page([neon])), null);
    renderApp({ route: '/signed-songs?artist=The%20Lights', session: makeClientSession() });
    await screen.findByRole('article', { name: 'Neon Rain' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open person page' })).toBeNull());

    // Without an artist filter nothing is looked up.
    const unfiltered = serve(json(200, page([neon])), 'party-7');
    renderApp({ route: '/signed-songs', session: makeClientSession() });
    await screen.findAllByRole('article', { name: 'Neon Rain' });
    expect(unfiltered.requestsTo('GET /api/v1/parties/by-name')).toHaveLength(0);
  });

  it('offers no person page link when the plan has no catalogue', async () => {
    const server = mockFetch({
      'GET /api/v1/me': json(200, makeMe({ organization: makeOrganization({ has_catalogue: false }) })),
      'GET /api/v1/signed-songs': json(200, page([neon])),
      'GET /api/v1/parties/by-name': json(200, { id: 'party-7' }),
    });
    renderApp({ route: '/signed-songs?artist=The%20Lights', session: makeClientSession() });
    await screen.findByRole('article', { name: 'Neon Rain' });
    expect(screen.queryByRole('link', { name: 'Open person page' })).toBeNull();
    expect(server.requestsTo('GET /api/v1/parties/by-name')).toHaveLength(0);
  });

  it('searches as the user types', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve([json(200, page([neon, golden])), json(200, page([golden]))]);
    const { location } = renderApp({ route: '/signed-songs', session: makeClientSession() });
    await screen.findByRole('article', { name: 'Neon Rain' });
    await user.type(screen.getByRole('searchbox', { name: 'Search signed songs' }), 'golden');
    await waitFor(() => expect(lastParams(server).get('q')).toBe('golden'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Neon Rain' })).toBeNull());
    expect(location()).toBe('/signed-songs?q=golden');
  });

  it("names its search landmark apart from the app's global search", async () => {
    serve(json(200, page([neon])));
    renderApp({ route: '/signed-songs', session: makeClientSession() });
    await screen.findByRole('article', { name: 'Neon Rain' });
    expect(screen.getAllByRole('search').map((landmark) => landmark.getAttribute('aria-label'))).toEqual([
      'Global search',
      'Search signed songs',
    ]);
  });

  it('marks the song a notification points at (?songId=)', async () => {
    serve(json(200, page([golden, neon])));
    renderApp({ route: '/signed-songs?songId=song-4', session: makeClientSession() });
    const card = await screen.findByRole('article', { name: 'Neon Rain' });
    expect(card.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('article', { name: 'Golden Hour' }).getAttribute('aria-current')).toBeNull();
  });

  it('says when nothing is signed yet, and when nothing matches, with a way to clear the filters', async () => {
    const user = userEvent.setup({ delay: null });
    serve([json(200, page([])), json(200, page([golden]))]);
    renderApp({ route: '/signed-songs?artist=Nobody', session: makeClientSession() });
    expect(await screen.findByText('No signed songs match these filters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Golden Hour' })).toBeTruthy();
  });

  it('says when nothing is signed yet', async () => {
    serve(json(200, page([])));
    renderApp({ route: '/signed-songs', session: makeClientSession() });
    expect(await screen.findByText('No signed songs yet')).toBeTruthy();
  });

  it('loads more songs from where the list ends', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve([json(200, page([golden], 2)), json(200, page([neon], 2))]);
    renderApp({ route: '/signed-songs', session: makeClientSession() });
    await screen.findByRole('article', { name: 'Golden Hour' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Neon Rain' })).toBeTruthy();
    expect(lastParams(server).get('offset')).toBe('1');
    expect(lastParams(server).get('limit')).toBe('50');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows a load failure with a way to try again', async () => {
    const user = userEvent.setup({ delay: null });
    serve([apiError(403, 'forbidden', 'No access'), json(200, page([golden]))]);
    renderApp({ route: '/signed-songs', session: makeClientSession() });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No access');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Golden Hour' })).toBeTruthy();
  });
});
