import type { NotificationDto, NotificationListDto } from '@music-review/core/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { NotificationsButton } from './notifications-button';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function makeNotification(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: 'n-1',
    type: 'track_added',
    message: 'Sam added "Night Drive"',
    song_id: 'song-1',
    sender_id: 'reviewer-2',
    sender_name: 'Sam Rivers',
    conversation_id: null,
    read: false,
    created_at: minutesAgo(5),
    ...overrides,
  };
}

function list(notifications: NotificationDto[], unread = notifications.filter((n) => !n.read).length) {
  const body: NotificationListDto = { notifications, unread_count: unread, next_cursor: null };
  return json(200, body);
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderBell(routes: Parameters<typeof mockFetch>[0]) {
  const server = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  const utils = renderWithProviders(
    <>
      <NotificationsButton />
      <Location />
    </>,
    { route: '/home' },
  );
  const bell = () => screen.getByRole('button', { name: 'Notifications' });
  const location = () => screen.getByTestId('location').textContent;
  return { server, user, bell, location, ...utils };
}

describe('NotificationsButton', () => {
  it('shows the exact unread count on the badge, and no badge when all are read', async () => {
    const { bell } = renderBell({
      'GET /api/v1/notifications': list([makeNotification()], 12),
    });
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('12');
    // Over the bell, not inside it: the visible count is no part of the button's name (WCAG 2.5.3).
    expect(within(bell()).queryByText('12')).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.getByText('12 unread')).toBeTruthy();
  });

  it('has no badge without unread notifications', async () => {
    const { bell, server } = renderBell({
      'GET /api/v1/notifications': list([makeNotification({ read: true })]),
    });
    await waitFor(() => expect(server.requestsTo('GET /api/v1/notifications')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    expect(within(bell()).queryByText(/\d/)).toBeNull();
  });

  it("shows 'Loading...' until the list arrives, then 'No notifications'", async () => {
    let answer: (response: Response) => void = () => {};
    const { user, bell } = renderBell({
      'GET /api/v1/notifications': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(bell());
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    expect(within(menu).getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(within(menu).getByText('Loading...')).toBeTruthy();
    answer(list([]));
    expect(await within(menu).findByText('No notifications')).toBeTruthy();
    expect(
      within(menu).getByRole('menuitem', { name: 'Mark all as read' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('lists them newest first with the sender’s name and how long ago', async () => {
    const { user, bell } = renderBell({
      'GET /api/v1/notifications': list([
        makeNotification({ id: 'n-2', message: 'Please review "Blue Hour"', created_at: minutesAgo(2) }),
        makeNotification({ id: 'n-1', sender_name: 'Alex Kim', read: true, created_at: minutesAgo(180) }),
      ]),
    });
    await user.click(bell());
    const items = await screen.findAllByRole('menuitem', { name: /"/ });
    expect(items.map((item) => item.textContent)).toEqual([
      'Please review "Blue Hour"Sam Rivers · 2 minutes ago · Unread',
      'Sam added "Night Drive"Alex Kim · 3 hours ago',
    ]);
  });

  it.each([
    ['review_request', '/review/song-1'],
    ['track_added', '/overview'],
    ['campaign_task_assigned', '/signed-songs/song-1/marketing'],
    ['campaign_task_deadline_3days', '/signed-songs/song-1/marketing'],
    ['campaign_task_deadline_1day', '/signed-songs/song-1/marketing'],
    ['campaign_task_deadline_today', '/signed-songs/song-1/marketing'],
  ])('a click on %s marks it read, closes the dropdown and goes to %s', async (type, path) => {
    const { user, bell, server, location } = renderBell({
      'GET /api/v1/notifications': [
        list([makeNotification({ type, message: 'Open me' })]),
        list([makeNotification({ type, message: 'Open me', read: true })]),
      ],
      'POST /api/v1/notifications/n-1/read': json(200, { updated: 1, unread_count: 0 }),
    });
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('1');
    await user.click(bell());
    await user.click(await screen.findByRole('menuitem', { name: /Open me/ }));

    expect(location()).toBe(path);
    expect(screen.queryByRole('menu', { name: 'Notifications' })).toBeNull();
    expect(server.requestsTo('POST /api/v1/notifications/n-1/read')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
  });

  it('a confirmed metadata form goes to the song in Signed Songs, then to the metadata page', async () => {
    const { user, bell, location } = renderBell({
      'GET /api/v1/notifications': list([
        makeNotification({ type: 'metadata_form_confirmed', message: 'Metadata confirmed' }),
      ]),
      'POST /api/v1/notifications/n-1/read': json(200, { updated: 1, unread_count: 0 }),
    });
    await user.click(bell());
    await user.click(await screen.findByRole('menuitem', { name: /Metadata confirmed/ }));
    expect(location()).toBe('/signed-songs?songId=song-1');
    await waitFor(() => expect(location()).toBe('/signed-songs/metadata'));
  });

  it('does not mark an already read notification again', async () => {
    const { user, bell, server, location } = renderBell({
      'GET /api/v1/notifications': list([makeNotification({ read: true })]),
    });
    await user.click(bell());
    await user.click(await screen.findByRole('menuitem', { name: /Night Drive/ }));
    expect(location()).toBe('/overview');
    expect(server.requestsTo('POST /api/v1/notifications/n-1/read')).toHaveLength(0);
  });

  it("'Mark all as read' marks every one read and the badge goes away", async () => {
    const two = [makeNotification({ id: 'n-2', message: 'Second' }), makeNotification({ message: 'First' })];
    const { user, bell, server } = renderBell({
      'GET /api/v1/notifications': [list(two), list(two.map((n) => ({ ...n, read: true })))],
      'POST /api/v1/notifications/read-all': json(200, { updated: 2, unread_count: 0 }),
    });
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('2');
    await user.click(bell());
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    await within(menu).findByRole('menuitem', { name: /Second/ });
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }));

    expect(server.requestsTo('POST /api/v1/notifications/read-all')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    expect(within(menu).queryByText(/Unread/)).toBeNull();
    // The dropdown stays open on the list.
    expect(screen.getByRole('menu', { name: 'Notifications' })).toBeTruthy();
  });

  it('loads older notifications on demand', async () => {
    const { user, bell } = renderBell({
      'GET /api/v1/notifications': json(200, {
        notifications: [makeNotification({ id: 'n-2', message: 'Newer' })],
        unread_count: 2,
        next_cursor: 'cursor-1',
      }),
      'GET /api/v1/notifications?cursor=cursor-1': list([makeNotification({ message: 'Older' })], 2),
    });
    await user.click(bell());
    await user.click(await screen.findByRole('menuitem', { name: 'Show older notifications' }));
    expect(await screen.findByRole('menuitem', { name: /Older/ })).toBeTruthy();
    expect(screen.getAllByRole('menuitem', { name: /Newer|Older/ })).toHaveLength(2);
  });
});
