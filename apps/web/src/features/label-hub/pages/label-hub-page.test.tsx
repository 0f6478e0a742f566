import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  makeClientSession,
  makeHub,
  makeMe,
  makeOrganization,
  makeTeamMember,
} from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const hub = makeHub({
  counts: { pending_reviews: 3, awaiting_decision: 2, signed_songs: 5, open_contracts: 1, open_forms: 0 },
  usage: { plan_name: 'Starter', tracks_last_30_days: 4, track_limit: 25, members: 2, user_limit: 3 },
  team: [
    makeTeamMember({ id: 'r-2', name: 'Sam Reviewer', is_me: false, current_activity: 'Reviewing songs' }),
    makeTeamMember({ id: 'r-1', name: 'Ada Lovelace', is_admin: true, status: 'away' }),
    makeTeamMember({ id: 'r-3', name: 'Kim Offline', is_me: false, status: 'offline' }),
  ],
  activity: [
    {
      kind: 'review',
      at: new Date(Date.now() - 5 * 60_000).toISOString(),
      song_id: 'song-1',
      song_title: 'Midnight Drive',
      actor_name: 'Sam Reviewer',
    },
    {
      kind: 'song_added',
      at: new Date(Date.now() - 3 * 3600_000).toISOString(),
      song_id: 'song-2',
      song_title: 'Neon Rain',
      actor_name: null,
    },
  ],
  decisions: [{ song_id: 'song-3', song_title: 'Golden Hour', status: 'signed' }],
});

function tile(name: string) {
  const areas = screen.getByRole('region', { name: 'Your label' });
  return within(areas).getByRole('link', { name: new RegExp(`^${name}`) });
}

// The page chunk is lazy: load its module graph once up front, so the first test measures rendering,
// not Vite transforming the page (slow on a busy 2-core machine).
beforeAll(async () => {
  await import('./label-hub-page');
});

// Whole journeys through the app (uploads, navigation): more than the 5 s default on a busy machine.
describe('label hub', { timeout: 15_000 }, () => {
  it('shows tiles into every area with the live counts', async () => {
    mockFetch({ 'GET /api/v1/me': json(200, makeMe()), 'GET /api/v1/hub': json(200, hub) });
    renderApp({ route: '/label-hub', session: makeClientSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
    expect(screen.getByText("Here's Midnight Records at a glance.")).toBeTruthy();
    await screen.findByText('waiting for your review');

    const counted: [string, string, string, string][] = [
      ['Review Dashboard', '3', 'waiting for your review', '/review-dashboard'],
      ['Overview', '2', 'awaiting a decision', '/overview?status=pending'],
      ['Signed Songs', '5', 'songs signed', '/signed-songs'],
      ['Contracts', '1', 'open contract', '/signed-songs'],
      ['Metadata Forms', '0', 'open forms', '/signed-songs/metadata'],
    ];
    for (const [name, count, caption, href] of counted) {
      const link = tile(name);
      expect(within(link).getByText(count)).toBeTruthy();
      expect(within(link).getByText(caption)).toBeTruthy();
      expect(link.getAttribute('href')).toBe(href);
    }
    for (const [name, href] of [
      ['Home', '/home'],
      ['Add Tracks', '/add-tracks'],
      ['Catalogue', '/catalogue'],
      ['Artists & Writers', '/artists-writers'],
      ['Analytics', '/analytics'],
      ['Finance', '/finance'],
      ['Distribution', '/distribution'],
    ]) {
      expect(tile(name!).getAttribute('href')).toBe(href);
    }
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Report bugs / Send feedback' }).getAttribute('href')).toBe(
      '/feedback',
    );
  });

  it("shows the plan's usage, the team with presence and the recent activity", async () => {
    mockFetch({ 'GET /api/v1/me': json(200, makeMe()), 'GET /api/v1/hub': json(200, hub) });
    renderApp({ route: '/', session: makeClientSession() });

    const tracks = await screen.findByRole('group', { name: 'Tracks in the last 30 days' });
    expect(tracks.textContent).toContain('4');
    expect(tracks.textContent).toContain('of 25 tracks in the last 30 days');
    expect(
      screen
        .getByRole('progressbar', { name: 'Tracks used in the last 30 days' })
        .getAttribute('aria-valuenow'),
    ).toBe('4');
    const members = screen.getByRole('group', { name: 'Members' });
    expect(members.textContent).toContain('2');
    expect(members.textContent).toContain('of 3 seats on your plan');

    const team = screen.getByRole('list', { name: 'Team' });
    expect(
      within(team)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'SRSam ReviewerOnline · Reviewing songsMember',
      'ALAda Lovelace (you)AwayAdmin',
      'KOKim OfflineOfflineMember',
    ]);
    expect(screen.getByText('1 online')).toBeTruthy();

    const activity = screen.getByRole('list', { name: 'Recent activity' });
    const items = within(activity).getAllByRole('listitem');
    expect(items[0]?.textContent).toBe('Sam Reviewer reviewed Midnight Drive5 min ago');
    expect(items[1]?.textContent).toBe('Someone added Neon Rain3 h ago');
    expect(within(activity).getByRole('link', { name: 'Midnight Drive' }).getAttribute('href')).toBe(
      '/review/song-1',
    );
    expect(screen.getByRole('link', { name: 'Golden Hour' }).getAttribute('href')).toBe(
      '/signed-songs/song-3',
    );
  });

  it('reads -1 as unlimited and lets an admin copy the invitation code', async () => {
    const organization = makeOrganization({ invite_code: 'ACME-7Q2X' });
    mockFetch({
      'GET /api/v1/me': json(200, makeMe({ organization, reviewer: { is_admin: true } })),
      'GET /api/v1/hub': json(
        200,
        makeHub({
          usage: {
            plan_name: 'Label',
            tracks_last_30_days: 40,
            track_limit: -1,
            members: 7,
            user_limit: 100,
          },
        }),
      ),
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup({ delay: null });
    // After setup: user-event installs a clipboard of its own.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp({ route: '/', session: makeClientSession() });

    const tracks = await screen.findByRole('group', { name: 'Tracks in the last 30 days' });
    expect(tracks.textContent).toContain('Unlimited tracks');
    expect(within(tracks).queryByRole('progressbar')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy invitation code' }));
    expect(writeText).toHaveBeenCalledWith('ACME-7Q2X');
    expect(await screen.findByText('Invitation code copied')).toBeTruthy();
  });

  it('shows no invitation code to a member, and the error with a retry when the hub fails', async () => {
    const server = mockFetch({
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/hub': [
        apiError(500, 'internal', 'An unexpected error occurred. Please try again.'),
        apiError(500, 'internal', 'An unexpected error occurred. Please try again.'),
        json(200, hub),
      ],
    });
    const user = userEvent.setup({ delay: null });
    renderApp({ route: '/', session: makeClientSession() });
    expect(
      await screen.findByText('An unexpected error occurred. Please try again.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy invitation code' })).toBeNull();
    // The plan's card cannot show: it says its data did not come (spec section 8).
    expect(screen.getByText('Failed to fetch subscription data')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('waiting for your review')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch subscription data')).toBeNull();
    expect(server.requestsTo('GET /api/v1/hub')).toHaveLength(3);
  });
});
