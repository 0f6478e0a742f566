import type { PresenceListDto, PresenceMemberDto } from '@music-review/core/presence';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe } from '../../test/factories';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { renderApp, waitForShell } from '../../test/render';

const now = () => new Date().toISOString();

function member(overrides: Partial<PresenceMemberDto>): PresenceMemberDto {
  return {
    reviewer_id: 'reviewer-x',
    name: 'Someone',
    email: 'someone@label.test',
    status: 'online',
    is_online: true,
    last_seen: now(),
    current_activity: null,
    viewing: null,
    ...overrides,
  };
}

const team: PresenceListDto = {
  online_count: 3,
  members: [
    // The caller (reviewer-1) is not listed among the others.
    member({ reviewer_id: 'reviewer-1', name: 'Ada Lovelace', current_activity: 'On Home' }),
    member({
      reviewer_id: 'reviewer-2',
      name: 'Sam Rivers',
      current_activity: 'Viewing a signed song',
      viewing: { song_id: 'song-9', song_title: 'Night Drive', page: 'marketing', last_activity: now() },
    }),
    member({ reviewer_id: 'reviewer-3', name: 'Kim Park', current_activity: 'Reviewing a song' }),
    member({ reviewer_id: 'reviewer-4', name: 'Lee Away', status: 'away', is_online: false }),
    member({ reviewer_id: 'reviewer-5', name: 'Max Gone', status: 'offline', is_online: false }),
  ],
};

async function openShell(routes: Parameters<typeof mockFetch>[0] = {}) {
  const me = makeMe();
  const server = mockFetch({
    'GET /api/v1/me': json(200, me),
    'GET /api/v1/organization': json(200, me.organization),
    'GET /api/v1/presence': json(200, team),
    'POST /auth/v1/logout': json(204, null),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route: '/home', session: makeClientSession() });
  await waitForShell();
  return { server, user, ...utils };
}

const heartbeats = (server: ReturnType<typeof mockFetch>) =>
  server.requestsTo('PUT /api/v1/presence').map((r) => r.body as Record<string, unknown>);

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('user menu', () => {
  it('shows the name, email, the status choice and the team members online with what they do', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: 'AL User menu' }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(within(menu).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(menu).getByText('ada@label.test')).toBeTruthy();

    const status = within(menu).getByRole('group', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('menuitemradio')
        .map((item) => [item.textContent, item.getAttribute('aria-checked')]),
    ).toEqual([
      ['Online', 'true'],
      ['Away', 'false'],
      ['Offline', 'false'],
    ]);

    const online = within(menu).getByRole('group', { name: 'Online now' });
    const sam = await within(online).findByRole('menuitem', { name: /Sam Rivers/ });
    expect(sam.textContent).toBe('Sam RiversViewing “Night Drive” · Marketing');
    expect(sam.getAttribute('href')).toBe('/signed-songs/song-9/marketing');
    expect(within(online).getByRole('menuitem', { name: /Kim Park/ }).textContent).toBe(
      'Kim ParkReviewing a song',
    );
    expect(within(online).getByText('Online now (2)')).toBeTruthy();
    // Away, offline and the caller are not listed.
    expect(within(online).queryByText('Lee Away')).toBeNull();
    expect(within(online).queryByText('Max Gone')).toBeNull();
    expect(within(online).queryByText('Ada Lovelace')).toBeNull();

    expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toBeTruthy();
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Dark mode' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeTruthy();
  });

  it('goes to the signed song page a team member is viewing', async () => {
    const { user, location } = await openShell({
      // The signed song page says who is on the song.
      'PUT /api/v1/songs/song-9/viewers': json(204, null),
      'DELETE /api/v1/songs/song-9/viewers': json(204, null),
      'GET /api/v1/songs/song-9/viewers': json(200, []),
      // The page's own data is not under test here.
      'GET /api/v1/signed-songs/song-9': apiError(404, 'not_found', 'Signed song not found'),
      'GET /api/v1/songs/song-9/marketing': apiError(404, 'not_found', 'Signed song not found'),
      'GET /api/v1/reviewers': json(200, []),
    });
    await user.click(screen.getByRole('button', { name: 'AL User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: /Sam Rivers/ }));
    expect(screen.queryByRole('menu', { name: 'User menu' })).toBeNull();
    // The page loads lazily: the router commits the new location with it.
    await waitFor(() => expect(location()).toBe('/signed-songs/song-9/marketing'));
  });

  it('says so when no one else is online', async () => {
    const { user } = await openShell({
      'GET /api/v1/presence': json(200, { online_count: 1, members: [team.members[0]] }),
    });
    await user.click(screen.getByRole('button', { name: 'AL User menu' }));
    expect(await screen.findByText('No one else is online')).toBeTruthy();
  });

  it('sends a heartbeat with the activity at once, and the chosen status', async () => {
    const { user, server } = await openShell();
    await waitFor(() =>
      expect(heartbeats(server)[0]).toEqual({ status: 'online', current_activity: 'On Home', viewing: null }),
    );

    await user.click(screen.getByRole('button', { name: 'AL User menu' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Away' }));
    await waitFor(() => expect(heartbeats(server).at(-1)).toMatchObject({ status: 'away' }));
    expect(screen.getByRole('menuitemradio', { name: 'Away' }).getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem('presence-status')).toBe('away');

    await user.click(screen.getByRole('menuitemradio', { name: 'Offline' }));
    await waitFor(() => expect(heartbeats(server).at(-1)).toMatchObject({ status: 'offline' }));
  });

  it('is away while the page is hidden and online again when it is shown', async () => {
    const { server } = await openShell();
    await waitFor(() => expect(heartbeats(server)).toHaveLength(1));
    setVisibility('hidden');
    await waitFor(() => expect(heartbeats(server).at(-1)).toMatchObject({ status: 'away' }), {
      timeout: 3000,
    });
    setVisibility('visible');
    await waitFor(() => expect(heartbeats(server).at(-1)).toMatchObject({ status: 'online' }));
  });

  it('sends the offline beacon with the access token on page unload', async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    const { authStore } = await openShell();
    await screen.findByRole('button', { name: 'AL User menu' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'AL User menu' }).textContent).toBe('AL'));

    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [path, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(path).toBe('/api/presence/offline');
    expect(JSON.parse(body)).toEqual({
      access_token: authStore.getAccessToken(),
      reviewer_id: 'reviewer-1',
      organization_id: 'org-1',
    });
  });

  it('marks the member offline before signing out', async () => {
    const { user, server } = await openShell();
    await user.click(screen.getByRole('button', { name: 'AL User menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
    const order = server.requests
      .filter((r) => r.path === '/auth/v1/logout' || (r.method === 'PUT' && r.path === '/api/v1/presence'))
      .map((r) => (r.path === '/auth/v1/logout' ? 'logout' : (r.body as { status: string }).status));
    expect(order.slice(-2)).toEqual(['offline', 'logout']);
  });
});
