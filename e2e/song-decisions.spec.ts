import { createLabelWithMembers, createSongViaApi, expect, signInAndWait, test } from './fixtures.ts';

// Each test has a label of its own: its admin is the only member, so the lists hold only its songs.
test.describe('useless and signed songs', () => {
  test('Mark as useless takes a pending song off Pending Reviews and into My Reviews, scoreless', async ({
    page,
    request,
  }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    await createSongViaApi(request, admin.token, { title: 'Not For Us', artist: 'Filler Band' });
    await createSongViaApi(request, admin.token, { title: 'Keeper', artist: 'Good Band' });

    await signInAndWait(page, admin.email);
    await page.goto('/review-dashboard');
    const pendingTab = page.getByRole('tab', { name: /Pending Reviews/ });
    await expect(pendingTab).toContainText('2');
    const useless = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Not For Us' }) });
    const keeper = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Keeper' }) });
    await expect(keeper).toBeVisible();

    await useless.getByRole('button', { name: 'Mark as useless' }).click();
    await expect(page.getByText('Marked as useless')).toBeVisible();
    await expect(useless).toHaveCount(0);
    await expect(keeper).toBeVisible();
    await expect(pendingTab).toContainText('1');

    // It counts as the admin's review, and leaves the averages alone.
    await page.getByRole('tab', { name: /My Reviews/ }).click();
    await expect(useless.getByText('Reviewed', { exact: true })).toBeVisible();
    await expect(useless.getByText('Filler Band')).toBeVisible();
    await expect(useless.getByText('Musical – · Artist – · Overall –')).toBeVisible();
    await expect(keeper).toHaveCount(0);

    // Still off the list after a reload (saved, not only hidden on this page).
    await page.reload();
    await expect(page.getByRole('tab', { name: /Pending Reviews/ })).toHaveAttribute('aria-selected', 'true');
    await expect(keeper).toBeVisible();
    await expect(useless).toHaveCount(0);
  });

  test('an admin signs a song from its review page: it opens under Signed Songs and shows as Signed in the Overview', async ({
    page,
    request,
  }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    const song = await createSongViaApi(request, admin.token, {
      title: 'Sign Me Up',
      artist: 'Future Stars',
    });

    await signInAndWait(page, admin.email);
    await page.goto(`/review/${song.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Me Up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pass', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign “Sign Me Up”?' });
    await expect(confirm).toContainText('The song leaves the review lists and moves to Signed Songs.');
    await confirm.getByRole('button', { name: 'Sign song' }).click();

    await expect(page).toHaveURL(new RegExp(`/signed-songs/${song.id}$`));
    await expect(page.getByText('Song signed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Me Up' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Signed Songs' }).click();
    await expect(page).toHaveURL(/\/signed-songs$/);
    const signed = page.getByRole('list', { name: 'Signed songs' }).getByRole('article');
    await expect(signed).toHaveCount(1);
    await expect(signed.getByRole('link', { name: 'Sign Me Up' })).toBeVisible();
    await expect(signed).toContainText('Future Stars');

    await nav.getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/overview$/);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Sign Me Up' }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Signed', { exact: true })).toBeVisible();
    // A signed song names its artist.
    await expect(row.getByText('Future Stars')).toBeVisible();

    // And it has left the review lists.
    await nav.getByRole('link', { name: 'Review Dashboard' }).click();
    await expect(page.getByText('No pending songs to review')).toBeVisible();
  });
});
