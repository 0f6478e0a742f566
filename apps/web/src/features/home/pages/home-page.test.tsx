import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeHome, makeHomePendingReview, makeMe } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const home = makeHome({
  pending_reviews: [
    makeHomePendingReview({ id: 'song-1', title: 'Last Call', days_left: 1, deadline_badge: '1 days left' }),
    makeHomePendingReview({
      id: 'song-2',
      title: 'Second Wind',
      days_left: 4,
      deadline_badge: '4 days left',
      current_version_number: 2,
    }),
  ],
  notifications: [
    {
      id: 'n-1',
      type: 'track_added',
      message: 'Sam added Neon Rain',
      song_id: 'song-9',
      conversation_id: null,
      sender_name: 'Sam Reviewer',
      created_at: new Date().toISOString(),
    },
  ],
  unread_notification_count: 1,
  mentions: [
    {
      id: 'm-1',
      message_id: 'msg-1',
      conversation_id: 'c-1',
      conversation_type: 'song_chat',
      song_id: 'song-7',
      message_text: '@Ada what do you think of the bridge?',
      mentioned_by_name: 'Kim',
      created_at: new Date().toISOString(),
    },
  ],
});

// The page chunk is lazy: load its module graph once up front, so the first test measures rendering,
// not Vite transforming the page (slow on a busy 2-core machine).
beforeAll(async () => {
  await import('./home-page');
});

// Whole journeys through the app (uploads, navigation): more than the 5 s default on a busy machine.
describe('home', { timeout: 15_000 }, () => {
  it("lists the user's pending reviews by deadline with the badge and a play button that plays", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    const server = mockFetch({
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/home': json(200, home),
      'POST /functions/v1/get-signed-url': json(200, {
        success: true,
        url: 'https://cdn.test/last-call.mp3',
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp({ route: '/home', session: makeClientSession() });

    const list = await screen.findByRole('list', { name: 'My pending reviews' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Last Call1 days leftReview',
      'Second Wind4 days leftRevision v2Review',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe(
      '/review/song-1',
    );

    await user.click(within(items[0]!).getByRole('button', { name: 'Play Last Call' }));
    await waitFor(() =>
      expect(document.querySelector('audio')?.getAttribute('src')).toBe('https://cdn.test/last-call.mp3'),
    );
    expect(server.requestsTo('POST /functions/v1/get-signed-url')[0]?.body).toMatchObject({
      fileKey: 'org-1/audio/song-1/demo.mp3',
    });
  });

  it('shows unread notifications and mentions; opening a notification marks it read and follows it', async () => {
    const server = mockFetch({
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/home': json(200, home),
      'POST /api/v1/notifications/n-1/read': json(200, { id: 'n-1', read: true }),
      'GET /api/v1/overview': json(200, { songs: [], total: 0, team_size: 1, sixty_percent_threshold: 1 }),
    });
    const user = userEvent.setup({ delay: null });
    const { location } = renderApp({ route: '/home', session: makeClientSession() });

    const mentions = await screen.findByRole('list', { name: 'Unread mentions' });
    const mention = within(mentions).getByRole('link');
    expect(mention.textContent).toContain('Kim mentioned you in a song chat');
    expect(mention.textContent).toContain('@Ada what do you think of the bridge?');
    // Every mention opens its conversation in the messages panel, from wherever it is listed.
    expect(mention.getAttribute('href')).toBe('/home?chat=c-1');

    const notifications = screen.getByRole('list', { name: 'Unread notifications' });
    const item = within(notifications).getByRole('button', { name: /Sam added Neon Rain/ });
    expect(item.textContent).toContain('Sam Reviewer · just now');
    await user.click(item);
    await waitFor(() => expect(location()).toBe('/overview'));
    expect(server.requestsTo('POST /api/v1/notifications/n-1/read')).toHaveLength(1);
  });

  it('says when there is nothing to do, and shows no task placeholder', async () => {
    mockFetch({ 'GET /api/v1/me': json(200, makeMe()), 'GET /api/v1/home': json(200, makeHome()) });
    renderApp({ route: '/home', session: makeClientSession() });
    expect(await screen.findByText('No pending songs to review')).toBeTruthy();
    expect(screen.getByText('All caught up! Check back later for new submissions.')).toBeTruthy();
    expect(screen.getByText('No unread notifications')).toBeTruthy();
    expect(screen.getByText('No unread mentions')).toBeTruthy();
    expect(screen.queryByText(/task/i)).toBeNull();
  });
});
