import { createLabelWithMembers, createSongViaApi, expect, signInAndWait, test } from './fixtures.ts';

test.describe('global search', () => {
  test('typing 2 characters shows grouped results, and each group leads to its page', async ({
    page,
    request,
  }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    const headers = { authorization: `Bearer ${admin.token}` };
    const signed = await createSongViaApi(request, admin.token, {
      title: 'Quartz Garden',
      artist: 'Quill Avenue',
    });
    const sign = await request.post(`/api/v1/songs/${signed.id}/sign`, { headers });
    expect(sign.status(), await sign.text()).toBe(200);
    // Not reviewed by anyone: its artist must not show (blind review).
    await createSongViaApi(request, admin.token, { title: 'Quiet Demo', artist: 'Hidden Hand' });
    // Contracts and metadata forms have no API yet: a test-only route adds one of each.
    const fixtures = await request.post('/api/v1/test-fixtures/search', {
      headers,
      data: { song_id: signed.id, contract_artist_name: 'Quill Avenue', metadata_status: 'queued' },
    });
    expect(fixtures.status(), await fixtures.text()).toBe(201);

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAndWait(page, admin.email);
    const box = page.getByRole('combobox', { name: 'Search', exact: true });
    await expect(box).toHaveAttribute('placeholder', 'Search songs, artists, contracts, or metadata...');
    const results = page.getByRole('listbox', { name: 'Search results' });
    const group = (name: string) => results.getByRole('group', { name });
    const typeQuery = async () => {
      await box.fill('');
      await box.pressSequentially('qu');
      await expect(results).toBeVisible();
    };

    await typeQuery();
    await expect(group('Songs').getByRole('option')).toHaveText([/^Quartz Garden/, /^Quiet Demo/]);
    await expect(group('Songs').getByRole('option', { name: /Quartz Garden/ })).toContainText('Quill Avenue');
    await expect(results).not.toContainText('Hidden Hand');
    await expect(group('Artists').getByRole('option')).toHaveText(['Quill Avenue']);
    await expect(group('Contracts').getByRole('option')).toHaveText([/^Quill Avenue.*Quartz Garden/]);
    await expect(group('Metadata').getByRole('option')).toHaveText([/^Quartz Garden.*queued/]);

    await group('Songs')
      .getByRole('option', { name: /^Quartz Garden/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/review/${signed.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Quartz Garden' })).toBeVisible();
    await expect(results).toBeHidden();

    await typeQuery();
    await group('Artists').getByRole('option', { name: 'Quill Avenue' }).click();
    await expect(page).toHaveURL(/\/signed-songs\?artist=Quill\+Avenue$/);
    const cards = page.getByRole('list', { name: 'Signed songs' }).getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('link', { name: 'Quartz Garden' })).toBeVisible();

    await typeQuery();
    await group('Contracts')
      .getByRole('option', { name: /^Quill Avenue/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/signed-songs/${signed.id}/contracts$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Contracts' })).toBeVisible();

    await typeQuery();
    await group('Metadata')
      .getByRole('option', { name: /^Quartz Garden/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/signed-songs/${signed.id}/metadata$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Metadata' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('works from the keyboard: arrows pick a result, Enter opens it, Escape closes the list', async ({
    page,
    request,
  }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    await createSongViaApi(request, admin.token, { title: 'Kestrel Dawn', artist: 'Someone' });
    const second = await createSongViaApi(request, admin.token, { title: 'Kestrel Dusk', artist: 'Someone' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await signInAndWait(page, admin.email);
    const box = page.getByRole('combobox', { name: 'Search', exact: true });
    const results = page.getByRole('listbox', { name: 'Search results' });
    await box.click();
    await box.pressSequentially('kestrel');
    await expect(results.getByRole('option')).toHaveCount(2);

    await box.press('Escape');
    await expect(results).toBeHidden();
    await box.press('ArrowDown');
    await expect(results).toBeVisible();
    const selected = results.getByRole('option', { selected: true });
    await box.press('ArrowDown');
    await expect(selected).toHaveText(/^Kestrel Dawn/);
    await box.press('ArrowDown');
    await expect(selected).toHaveText(/^Kestrel Dusk/);
    await box.press('ArrowDown');
    await expect(selected).toHaveText(/^Kestrel Dawn/);
    await box.press('ArrowUp');
    await expect(selected).toHaveText(/^Kestrel Dusk/);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/review/${second.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Kestrel Dusk' })).toBeVisible();
    await expect(results).toBeHidden();

    // Back in the box, the same results; Escape closes, a second Escape clears it.
    await box.click();
    await expect(results.getByRole('option')).toHaveCount(2);
    await box.press('Escape');
    await expect(results).toBeHidden();
    await box.press('Escape');
    await expect(box).toHaveValue('');
    expect(errors).toEqual([]);
  });
});
