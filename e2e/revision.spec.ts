import {
  createLabelWithMembers,
  createSongViaApi,
  expect,
  reviewViaApi,
  signInAndWait,
  test,
  wavFile,
} from './fixtures.ts';

test.describe('revision round trip', () => {
  test('a member requests a revision, the artist uploads v2 through the link, the song is pending again; the link works once', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // A fresh label: the admin added the song, the member reviewed version 1.
    const { name: labelName, admin, members } = await createLabelWithMembers(request, { members: 1 });
    const member = members[0]!;
    const title = 'Second Thoughts';
    const song = await createSongViaApi(request, admin.token, { title, artist: 'The Revisers' });
    await reviewViaApi(request, member.token, song.id, { musical: 5, artist: 6, overall: 4 });

    await signInAndWait(page, member.email);
    await page.goto('/review-dashboard');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(page.getByText('No pending songs to review')).toBeVisible();
    await page.getByRole('tab', { name: /My Reviews/ }).click();
    await expect(card.getByText('Reviewed', { exact: true })).toBeVisible();

    await page.goto(`/review/${song.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
    // Sign and Pass are for admins.
    await expect(page.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Request revision' }).click();
    const requestDialog = page.getByRole('dialog', { name: 'Request a revision' });
    await expect(requestDialog).toContainText(
      `Create a link where the artist can upload a new version of “${title}”.`,
    );
    await requestDialog.getByLabel('Message to the artist').fill('A shorter intro, please.');
    await requestDialog.getByRole('button', { name: 'Create link' }).click();

    const created = page.getByRole('dialog', { name: 'Revision link created' });
    const linkField = created.getByLabel('Upload link');
    await expect(linkField).toBeFocused();
    await expect(linkField).toHaveAttribute('readonly', '');
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/artist/upload-revision/[^/\\s]+$`));
    await expect(
      created.getByText('No submitter email is known: send this link to the artist yourself.'),
    ).toBeVisible();
    // The Copy link button puts the same address on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await created.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toHaveCount(0);

    // The artist: signed out, in a browser of their own.
    const artistContext = await browser.newContext();
    try {
      const artist = await artistContext.newPage();
      await artist.goto(link);
      await expect(artist.getByRole('heading', { name: `Upload a new version of “${title}”` })).toBeVisible();
      await expect(artist.getByText(labelName, { exact: true })).toBeVisible();
      await expect(artist.getByText('A shorter intro, please.')).toBeVisible();
      await expect(artist.getByText(/This will be version 2\. The link works once/)).toBeVisible();
      await expect(artist.getByRole('button', { name: 'Upload version 2' })).toBeDisabled();

      await artist.getByLabel('Choose a file').setInputFiles(wavFile('second-take.wav', { seconds: 4 }));
      await expect(artist.getByText('second-take.wav')).toBeVisible();
      await artist.getByRole('button', { name: 'Upload version 2' }).click();
      await expect(
        artist.getByRole('heading', {
          name: `Thank you! Version 2 of “${title}” has been sent to ${labelName}.`,
        }),
      ).toBeVisible({ timeout: 15_000 });
      await expect(artist.getByText('You can close this page now.')).toBeVisible();

      // The member: the song is back under Pending Reviews as Revision v2.
      await page.goto('/review-dashboard');
      await expect(page.getByRole('tab', { name: /Pending Reviews/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(card.getByText('Revision v2')).toBeVisible();
      await expect(card.getByText('7 days left')).toBeVisible();
      await expect(card.getByText('0 reviews', { exact: true })).toBeVisible();
      await expect(card.getByText('The Revisers')).toHaveCount(0);
      await page.getByRole('tab', { name: /My Reviews/ }).click();
      await expect(page.getByText('No songs reviewed yet')).toBeVisible();
      await page.getByRole('tab', { name: /Pending Reviews/ }).click();

      await card.getByRole('link', { name: 'Review This Song' }).click();
      await expect(page).toHaveURL(new RegExp(`/review/${song.id}$`));
      await expect(page.getByText('Revision v2', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Review this song' })).toBeVisible();
      // The version 1 review is kept, apart.
      const earlier = page.getByRole('list', { name: 'Earlier versions' });
      await expect(earlier).toContainText('Musical 5 · Artist 6 · Overall 4');
      await expect(earlier).toContainText('v1');

      // The link is used up.
      await artist.goto(link);
      await expect(artist.getByRole('heading', { name: 'This link can’t be used' })).toBeVisible();
      await expect(
        artist.getByText('This link has already been used. Ask the label if you need to change anything.'),
      ).toBeVisible();
    } finally {
      await artistContext.close();
    }
  });
});
