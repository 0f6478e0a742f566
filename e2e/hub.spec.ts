import type { APIRequestContext } from '@playwright/test';
import {
  createLabelWithMembers,
  createSongViaApi,
  expect,
  reviewViaApi,
  signInAndWait,
  test,
} from './fixtures.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The member's presence heartbeat; the hub reads user_presence, which it writes. */
async function sendHeartbeat(request: APIRequestContext, token: string) {
  const res = await request.put('/api/v1/presence', { data: { status: 'online' }, headers: bearer(token) });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('label hub and home', () => {
  test('the hub counts the label live and links into every area', async ({ page, request }) => {
    const { name, admin, members } = await createLabelWithMembers(request, { members: 1 });
    const first = await createSongViaApi(request, members[0]!.token, { title: 'Hub First', artist: 'One' });
    await reviewViaApi(request, members[0]!.token, first.id, { musical: 7, artist: 7, overall: 7 });

    await signInAndWait(page, admin.email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome back/);
    await expect(page.getByText(`Here's ${name} at a glance.`)).toBeVisible();
    const areas = page.getByRole('region', { name: 'Your label' });
    const reviewTile = areas.getByRole('link', { name: /^Review Dashboard/ });
    await expect(reviewTile).toContainText('1waiting for your review');
    await expect(areas.getByRole('link', { name: /^Signed Songs/ })).toContainText('0songs signed');

    const tracks = page.getByRole('group', { name: 'Tracks in the last 30 days' });
    await expect(tracks).toContainText('1');
    await expect(tracks).toContainText('of 25 tracks in the last 30 days');
    await expect(page.getByRole('group', { name: 'Members' })).toContainText('of 3 seats on your plan');
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await expect(activity).toContainText('Member 1 reviewed Hub First');
    await expect(activity).toContainText('Member 1 added Hub First');
    const team = page.getByRole('list', { name: 'Team' });
    await expect(team).toContainText('Member 1');
    await expect(team).toContainText('(you)');

    // Another member adds a track: the count and the usage move without a reload.
    await createSongViaApi(request, members[0]!.token, { title: 'Hub Second', artist: 'Two' });
    await expect(reviewTile).toContainText('2waiting for your review');
    await expect(tracks).toContainText('2');
    await expect(activity).toContainText('Member 1 added Hub Second');

    // Presence: the member shows as online once their heartbeat arrives.
    const member = team.getByRole('listitem').filter({ hasText: 'Member 1' });
    await expect(member).toContainText('Offline');
    await sendHeartbeat(request, members[0]!.token);
    await expect(member).toContainText('Online');

    await reviewTile.click();
    await expect(page).toHaveURL(/\/review-dashboard$/);
  });

  test('home lists my pending reviews by deadline with a play button', async ({ page, request }) => {
    const { admin, members } = await createLabelWithMembers(request, { members: 1 });
    await createSongViaApi(request, members[0]!.token, { title: 'Home Tune', artist: 'Hidden', seconds: 10 });
    await signInAndWait(page, admin.email);
    await page.goto('/home');
    const list = page.getByRole('list', { name: 'My pending reviews' });
    const item = list.getByRole('listitem').filter({ hasText: 'Home Tune' });
    await expect(item).toContainText('7 days left');
    await expect(item).not.toContainText('Hidden');
    await item.getByRole('button', { name: 'Play Home Tune' }).click();
    await expect(item.getByRole('button', { name: 'Pause Home Tune' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
    await item.getByRole('link', { name: 'Review' }).click();
    await expect(page).toHaveURL(/\/review\/[0-9a-f-]{36}$/);
  });
});
