import { createLabelWithMembers, createSongViaApi, expect, signInAndWait, test } from './fixtures.ts';

// LABEL_COPY_SHOTS=<dir> also saves screenshots of the tab and the artist's form (to look at).
const SHOTS = process.env.LABEL_COPY_SHOTS;

test('the label starts a label copy, the artist completes it from a link, the label marks it final', async ({
  page,
  browser,
  request,
}) => {
  const { admin, name: labelName } = await createLabelWithMembers(request, { members: 0 });
  const song = await createSongViaApi(request, admin.token, {
    title: 'Harbour Lights',
    artist: 'Mara Quinn',
  });
  const signed = await request.post('/api/v1/songs/decisions', {
    data: { song_ids: [song.id], status: 'signed' },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(signed.status(), await signed.text()).toBe(200);

  await signInAndWait(page, admin.email);
  await page.goto(`/signed-songs/${song.id}/label-copy`);
  await page.getByRole('button', { name: 'Create label copy' }).click();
  await expect(page.getByLabel('Release title')).toHaveValue('Harbour Lights');
  await expect(page.getByLabel('Primary artist')).toHaveValue('Mara Quinn');
  await expect(page.getByLabel('P-line owner')).toHaveValue(labelName);
  const missing = page.getByRole('list', { name: 'Fields to complete before marking as final' });
  await expect(missing).toContainText('UPC/EAN');

  // A mistyped barcode is named at once; the label fixes it and the draft saves.
  await page.getByLabel('UPC/EAN').fill('036000291453');
  await expect(page.getByText('This barcode is mistyped', { exact: false }).first()).toBeVisible();
  await page.getByLabel('UPC/EAN').fill('036000291452');
  await page.getByLabel('Catalogue number').fill('HBR001');
  await page.getByLabel('Release date', { exact: true }).fill('2026-09-04');
  await page.getByLabel('Genre').fill('Folk');
  await page.getByLabel('Track 1 ISRC').fill('GB-HBR-26-00001');
  await page.getByLabel('Track 1 duration').fill('3:41');
  await expect(page.getByText('Draft saved')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tab-1280.png`, fullPage: true });

  // The artist's form link, opened signed out in another browser.
  await page.getByRole('button', { name: 'Create link for the artist form' }).click();
  const url = await page.getByRole('textbox', { name: 'Artist form link' }).inputValue();
  const artist = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const form = await artist.newPage();
  await form.goto(url);
  await expect(
    form.getByRole('heading', { level: 1, name: 'Label copy for “Harbour Lights”' }),
  ).toBeVisible();
  await form.getByLabel('Producer').fill('Owen Hale');
  await form.getByRole('button', { name: 'Add performer' }).click();
  await form.getByLabel('Performer 1 name').fill('Mara Quinn');
  await form.getByLabel('Performer 1 instrument or role').fill('Vocals, guitar');
  if (SHOTS) await form.screenshot({ path: `${SHOTS}/form-375.png`, fullPage: true });
  await form.getByRole('button', { name: 'Submit label copy' }).click();
  await expect(form.getByRole('heading', { name: /Thank you! Your label copy has been sent/ })).toBeVisible();
  // The link works once.
  await form.reload();
  await expect(form.getByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeVisible();
  await artist.close();

  // The label sees it at once, and marks it final.
  await expect(page.getByText('Submitted by artist')).toBeVisible();
  await expect(page.getByLabel('Producer')).toHaveValue('Owen Hale');
  await page.getByRole('button', { name: 'Mark as final' }).click();
  await expect(page.getByText('Complete and final.')).toBeVisible();
  await expect(page.getByLabel('Release title')).toBeDisabled();
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SHOTS}/tab-final-375.png`, fullPage: true });
  }
});
