import type { Page } from '@playwright/test';
import { createLabelWithMembers, createSongViaApi, expect, signInAndWait, test } from './fixtures.ts';

/** Resolves once the page's realtime socket confirmed a subscription to the topic. */
function subscribed(page: Page, topic: string) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('"subscribed"') && text.includes(`"${topic}"`)) resolve();
      });
    });
  });
}

test.describe('notification bell', () => {
  test('a new track appears in the open bell at once; clicking it goes to /overview and marks it read', async ({
    page,
    request,
  }) => {
    const label = await createLabelWithMembers(request, { members: 1 });
    const member = label.members[0]!;
    const ready = subscribed(page, 'table:notifications');
    await signInAndWait(page, label.admin.email);
    await ready;

    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    const dropdown = page.getByRole('menu', { name: 'Notifications' });
    await expect(dropdown.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(dropdown.getByText('No notifications')).toBeVisible();

    // Another member adds a track through the API: the admin is notified in real time.
    await createSongViaApi(request, member.token, { title: 'Bell Ringer', artist: 'Nova' });
    const item = dropdown.getByRole('menuitem', { name: /added "Bell Ringer"/ });
    await expect(item).toBeVisible();
    await expect(item).toContainText(member.name);
    await expect(item).toContainText('just now');
    await expect(page.getByTestId('notifications-badge')).toHaveText('1');

    await item.click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(dropdown).toBeHidden();
    await expect(page.getByTestId('notifications-badge')).toBeHidden();

    // Read on the server too, and it stays read after a reload.
    const res = await request.get('/api/v1/notifications', {
      headers: { authorization: `Bearer ${label.admin.token}` },
    });
    const body = (await res.json()) as { unread_count: number; notifications: { read: boolean }[] };
    expect(body.unread_count).toBe(0);
    expect(body.notifications.map((n) => n.read)).toEqual([true]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(dropdown.getByRole('menuitem', { name: /added "Bell Ringer"/ })).not.toContainText('Unread');
    await expect(page.getByTestId('notifications-badge')).toBeHidden();
  });
});
