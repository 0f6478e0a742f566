import type { Browser } from '@playwright/test';
import { createLabelWithMembers, createSongViaApi, expect, signInAndWait, test } from './fixtures.ts';

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAndWait(page, email);
  return { context, page };
}

test.describe('presence in the user menu', () => {
  test('a member signed in elsewhere shows as online, with the signed song page they view', async ({
    page,
    browser,
    request,
  }) => {
    const label = await createLabelWithMembers(request, { members: 1 });
    const member = label.members[0]!;
    const song = await createSongViaApi(request, label.admin.token, { title: 'Open Window', artist: 'Nova' });
    const signed = await request.post(`/api/v1/songs/${song.id}/sign`, {
      headers: { authorization: `Bearer ${label.admin.token}` },
    });
    expect(signed.status(), await signed.text()).toBe(200);

    await signInAndWait(page, label.admin.email);
    await page.getByRole('button', { name: 'User menu' }).click();
    const online = page.getByRole('menu', { name: 'User menu' }).getByRole('group', { name: 'Online now' });
    await expect(online.getByText('No one else is online')).toBeVisible();

    // The second member signs in in another browser: the open menu shows them (realtime, or the 10 s poll).
    const other = await signedInPage(browser, member.email);
    await expect(online.getByRole('menuitem', { name: new RegExp(member.name) })).toBeVisible({
      timeout: 15_000,
    });

    await other.page.goto(`/signed-songs/${song.id}/marketing`);
    const viewing = online.getByRole('menuitem', { name: /Viewing “Open Window” · Marketing/ });
    await expect(viewing).toBeVisible({ timeout: 15_000 });
    await expect(viewing).toHaveAttribute('href', `/signed-songs/${song.id}/marketing`);

    // Signing out marks them offline at once.
    await other.page.getByRole('button', { name: 'User menu' }).click();
    await other.page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(other.page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    await expect(online.getByText('No one else is online')).toBeVisible({ timeout: 15_000 });
    await other.context.close();
  });

  test('closing the page marks the member offline (the unload beacon)', async ({
    page,
    browser,
    request,
  }) => {
    const label = await createLabelWithMembers(request, { members: 1 });
    const member = label.members[0]!;
    await signInAndWait(page, label.admin.email);

    const other = await signedInPage(browser, member.email);
    await page.getByRole('button', { name: 'User menu' }).click();
    const online = page.getByRole('menu', { name: 'User menu' }).getByRole('group', { name: 'Online now' });
    await expect(online.getByRole('menuitem', { name: new RegExp(member.name) })).toBeVisible({
      timeout: 15_000,
    });

    await other.page.close();
    await expect(online.getByText('No one else is online')).toBeVisible({ timeout: 15_000 });
    await other.context.close();
  });
});
