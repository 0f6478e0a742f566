import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeClientSession,
  makeDashboard,
  makeMe,
  makeOverview,
  makeRevisionUpload,
  makeSessionResponse,
  makeSong,
  makeSongReviews,
} from '../test/factories';
import { apiError, json, mockFetch } from '../test/fetch-mock';
import { emptyFinanceRoutes } from '../test/finance-routes';
import { renderApp } from '../test/render';

const member = makeMe();
const videoCall = {
  id: 'call-1',
  conversation_id: 'conv-1',
  conversation_type: 'dm',
  title: 'Sam Rivers',
  started_by: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ended_at: null,
  participants: [],
};

const memberRoutes = {
  'GET /api/v1/me': json(200, member),
  'GET /api/v1/organization': json(200, member.organization),
  'GET /api/v1/review-dashboard': json(200, makeDashboard()),
  'GET /api/v1/songs/song-1': json(200, makeSong({ title: 'Midnight Drive' })),
  'GET /api/v1/songs/song-1/reviews': json(200, makeSongReviews()),
  'GET /api/v1/overview': json(200, makeOverview()),
  'GET /api/v1/signed-songs': json(200, { songs: [], total: 0, artists: [] }),
  'GET /api/v1/metadata-forms': json(200, { forms: [] }),
  // Distribution's list and destinations, empty.
  'GET /api/v1/distribution/releases': json(200, {
    rows: [],
    total: 0,
    counts: { stores_in_error: 0, releases_in_error: 0, going_live_this_week: 0 },
  }),
  'GET /api/v1/distribution/destinations': json(200, { destinations: [] }),
  // Analytics of a label without statements: the empty state (its breakdowns are asked at once).
  'GET /api/v1/analytics/performance': json(200, { empty: true }),
  'GET /api/v1/analytics/breakdown': json(200, { empty: true, rows: [], total_rows: 0 }),
  ...emptyFinanceRoutes,
  // The catalogue's grid, "Needs attention" and saved views, empty.
  'GET /api/v1/catalogue/recordings': json(200, { rows: [], total: 0 }),
  'GET /api/v1/catalogue/attention': json(200, { items: [], counts: {} }),
  'GET /api/v1/catalogue/views': json(200, { views: [] }),
  // Artists & Writers' first tab, empty.
  'GET /api/v1/parties': json(200, { rows: [], total: 0 }),
  // The signed song's header and tabs: their contents have their own tests; here only the routing.
  'GET /api/v1/signed-songs/song-1': apiError(404, 'not_found', 'Signed song not found'),
  'GET /api/v1/songs/song-1/contracts': apiError(404, 'not_found', 'Signed song not found'),
  'GET /api/v1/contracts/generator': apiError(404, 'not_found', 'Not found'),
  'GET /api/v1/songs/song-1/metadata-forms': apiError(404, 'not_found', 'Signed song not found'),
  // The review page and the signed song's tabs say who is on the song.
  'PUT /api/v1/songs/song-1/viewers': json(204, null),
  'DELETE /api/v1/songs/song-1/viewers': json(204, null),
  'GET /api/v1/songs/song-1/viewers': json(200, []),
  // The video call page joins the call it opens.
  'GET /api/v1/calls/ice-servers': json(200, []),
  'GET /api/v1/calls/call-1': json(200, videoCall),
  'POST /api/v1/calls/call-1/join': json(200, { ...videoCall, signal_cursor: 0 }),
  'GET /api/v1/calls/call-1/signals': json(200, []),
  'POST /api/v1/calls/call-1/leave': json(204, null),
};

async function expectLocation(location: () => string | null, expected: string) {
  await waitFor(() => expect(location()).toBe(expected));
}

// The page chunks are lazy: load their module graph once up front, so the first test's 1 s wait
// measures rendering, not Vite transforming the player and its dependencies.
beforeAll(async () => {
  await import('../features/review/pages/review-dashboard-page');
  await import('./routes/review-song-page');
});

describe('route guards', () => {
  it.each([
    ['/metadata/tok-1', '/api/v1/public/metadata-forms/tok-1'],
    ['/marketing/tok-1', '/api/v1/public/marketing-forms/tok-1'],
    ['/label-copy-form/tok-1', '/api/v1/public/label-copy-forms/tok-1'],
    ['/marketing-general/tok-1', '/api/v1/public/marketing-general/tok-1'],
    ['/label-copy-generator/tok-1', '/api/v1/public/label-copy-generator/tok-1'],
    ['/label-copy/tok-1', '/api/v1/public/label-copies/tok-1'],
    ['/contracts/contract-1?token=tok-1', '/api/v1/public/contracts/contract-1'],
    ['/artist/deny-signing/tok-1', '/api/v1/public/contract-declines/tok-1'],
  ])('opens the public route %s without a session, and a dead link gets its own page', async (route, api) => {
    const server = mockFetch({ [`GET ${api}`]: apiError(404, 'not_found', PUBLIC_LINK_MESSAGES.not_found) });
    const { location } = renderApp({ route, session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(screen.getByText(PUBLIC_LINK_MESSAGES.not_found)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome to the product' })).toBeNull();
    expect(location()).toBe(route);
    // Only the link's own public call: no session, no member routes.
    expect(server.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([`GET ${api}`]);
  });

  it('renders the public revision upload page without a session, asking nothing of the app', async () => {
    const server = mockFetch({
      'GET /api/v1/public/revision-uploads/tok-1': json(200, makeRevisionUpload({ song_title: 'Night Bus' })),
    });
    const { location } = renderApp({ route: '/artist/upload-revision/tok-1', session: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upload a new version of “Night Bus”' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome to the product' })).toBeNull();
    expect(location()).toBe('/artist/upload-revision/tok-1');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/public/revision-uploads/tok-1',
    ]);
  });

  it.each(['/', '/auth', '/dashboard', '/signed-songs/song-1/chat', '/no-such-page'])(
    'shows the login screen on %s without a session and keeps the URL',
    async (route) => {
      mockFetch({});
      const { location } = renderApp({ route, session: null });
      expect(await screen.findByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
      expect(location()).toBe(route);
    },
  );

  it('sends a signed-in user without a label to onboarding', async () => {
    mockFetch({ 'GET /api/v1/me': json(200, makeMe({ organization: null })) });
    const { location } = renderApp({ route: '/review-dashboard', session: makeClientSession() });
    expect(await screen.findByRole('heading', { name: 'Welcome to Music Review' })).toBeTruthy();
    expect(location()).toBe('/organization-setup');
  });

  it.each([
    ['/organization-setup', '/'],
    ['/auth', '/'],
    ['/dashboard', '/'],
    ['/no-such-page', '/'],
    ['/manage-artists', '/artists-writers'],
    ['/manage-writers', '/artists-writers'],
  ])('redirects %s to %s for a member', async (route, target) => {
    mockFetch(memberRoutes);
    const { location } = renderApp({ route, session: makeClientSession() });
    await expectLocation(location, target);
  });

  it.each([
    ['/', 'Welcome back, Ada'],
    ['/label-hub', 'Welcome back, Ada'],
    ['/home', 'Home'],
    ['/review-dashboard', 'Review Dashboard'],
    ['/review/song-1', 'Midnight Drive'],
    ['/overview', 'Overview'],
    ['/analytics', 'Analytics'],
    ['/finance', 'Finance'],
    ['/distribution', 'Distribution'],
    ['/distribution/track/release-1', 'Release Distribution'],
    ['/add-tracks', 'Add Tracks'],
    ['/profile', 'Profile'],
    ['/catalogue', 'Catalogue'],
    ['/artists-writers', 'Artists & Writers'],
    ['/waveform-test', 'Waveform Test'],
    ['/feedback', 'Report bugs / Send feedback'],
    ['/video-call/call-1', 'Video Call'],
    ['/signed-songs', 'Signed Songs'],
    ['/signed-songs/metadata', 'Metadata'],
    ['/signed-songs/song-1', 'Signed Song'],
  ])('shows %s to a member with its title', async (route, title) => {
    mockFetch(memberRoutes);
    const { location } = renderApp({ route, session: makeClientSession() });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(location()).toBe(route);
  });

  it('gives the review dashboard its subtitle', async () => {
    mockFetch(memberRoutes);
    renderApp({ route: '/review-dashboard', session: makeClientSession() });
    expect(await screen.findByText('Manage and track song reviews for your organization')).toBeTruthy();
  });

  it('opens a signed song on its tab, accepts the metadata deep link, and drops unknown tabs', async () => {
    mockFetch(memberRoutes);
    const first = renderApp({ route: '/signed-songs/song-1/contracts', session: makeClientSession() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Contracts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contracts' }).getAttribute('aria-current')).toBe('page');
    first.unmount();

    const second = renderApp({ route: '/signed-songs/song-1/metadata', session: makeClientSession() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Metadata' })).toBeTruthy();
    second.unmount();

    const third = renderApp({ route: '/signed-songs/song-1/bogus', session: makeClientSession() });
    await expectLocation(third.location, '/signed-songs/song-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeTruthy();
  });

  it('restores the session on load through the refresh cookie and stays on the page', async () => {
    const server = mockFetch({
      'POST /auth/v1/token?grant_type=refresh_token': json(200, makeSessionResponse()),
      ...memberRoutes,
    });
    const { location } = renderApp({ route: '/finance' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Finance' })).toBeTruthy();
    expect(location()).toBe('/finance');
    expect(server.requestsTo('POST /auth/v1/token?grant_type=refresh_token')).toHaveLength(1);
  });

  it('treats a password-reset session outside /reset-password as signed out', async () => {
    mockFetch({});
    renderApp({ route: '/', session: makeClientSession({ isRecovery: true }) });
    expect(await screen.findByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
  });

  it('offers a retry when the account cannot be loaded', async () => {
    mockFetch({
      'GET /api/v1/me': [
        apiError(503, 'unavailable', 'Service temporarily unavailable'),
        apiError(503, 'unavailable', 'Service temporarily unavailable'),
        json(200, member),
      ],
      'GET /api/v1/organization': json(200, member.organization),
    });
    renderApp({ route: '/', session: makeClientSession() });
    // One automatic retry (spec section 9) comes first, after about a second.
    expect(
      await screen.findByRole('heading', { name: "We couldn't load your account" }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Service temporarily unavailable');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
  });
});
