import { apiSignIn, createSongViaApi, expect, latestMail, test } from './fixtures.ts';

const DEMO_ADMIN = 'admin@demo.test';
const DEMO_PASSWORD = 'demo-password';

test('a label signs a song, generates a contract and sends it; the artist signs it from the link', async ({
  page,
  request,
  browser,
}) => {
  const token = await apiSignIn(request, DEMO_ADMIN, DEMO_PASSWORD);
  const title = `Contract Song ${Date.now().toString(36)}`;
  const song = await createSongViaApi(request, token, { title, artist: 'Nova Reed' });
  const artistEmail = `nova-${Date.now().toString(36)}@artist.test`;

  // Sign the song from its review page.
  await page.goto('/');
  await page.getByLabel('Email').fill(DEMO_ADMIN);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.goto(`/review/${song.id}`);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Sign “${title}”?` })
    .getByRole('button', { name: 'Sign song' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/signed-songs/${song.id}$`));

  // The Contracts tab: generate a contract.
  await page.goto(`/signed-songs/${song.id}/contracts`);
  await expect(page.getByText('Your plan includes the contract generator.')).toBeVisible();
  await page.getByRole('button', { name: 'Generate contract' }).click();
  const generator = page.getByRole('dialog', { name: 'Generate contract' });
  await generator.getByLabel('Party 2 email').fill(artistEmail);
  await generator.getByLabel('Writer 1 share (%)').fill('60');
  await expect(generator.getByText('Total: 60% (must be 100%)')).toBeVisible();
  await generator.getByRole('button', { name: 'Add writer' }).click();
  await generator.getByLabel('Writer 2 name').fill('Ivo Lang');
  await generator.getByLabel('Writer 2 share (%)').fill('40');
  await expect(generator.getByText('Total: 100%')).toBeVisible();
  await generator.getByRole('button', { name: 'Generate contract' }).click();
  await expect(generator).toBeHidden();
  const card = page
    .getByRole('article')
    .or(page.locator('section[aria-labelledby="contracts-heading"] li'))
    .first();
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();

  // Send it to the artist; take the signing link shown to copy, and check it was mailed too.
  await card.getByRole('button', { name: 'Send for signature' }).click();
  const send = page.getByRole('dialog', { name: 'Send for signature' });
  await expect(send.getByLabel('Signer 1 email')).toHaveValue(artistEmail);
  await send.getByRole('button', { name: 'Send for signature' }).click();
  const sent = page.getByRole('dialog', { name: 'Sent for signature' });
  const link = await sent.getByLabel('Copy signing link for Nova Reed address').inputValue();
  expect(link).toContain(`/contracts/`);
  const mail = await latestMail(request, artistEmail);
  expect(mail.text).toContain(link);
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('Sent', { exact: true })).toBeVisible();

  // The artist, signed out, in another browser context: draws a signature and signs.
  const artistContext = await browser.newContext();
  const artist = await artistContext.newPage();
  await artist.goto(link);
  await expect(artist.getByRole('heading', { name: `Recording agreement: ${title}` })).toBeVisible();
  await expect(artist.getByLabel('Document text')).toContainText('Ivo Lang: 40%');
  await artist.getByRole('radio', { name: 'Draw my signature' }).click();
  const pad = artist.getByRole('img', { name: 'Signature pad' });
  const box = (await pad.boundingBox())!;
  await artist.mouse.move(box.x + 30, box.y + 100);
  await artist.mouse.down();
  for (let i = 1; i <= 12; i++) await artist.mouse.move(box.x + 30 + i * 25, box.y + 100 - (i % 2) * 50);
  await artist.mouse.up();
  await artist.getByRole('button', { name: 'Sign contract' }).click();
  await expect(artist.getByRole('alert')).toContainText('Tick the box to agree to sign electronically');
  await artist.getByLabel('I agree to sign this document electronically').check();
  await artist.getByRole('button', { name: 'Sign contract' }).click();
  // Signing renders the signed PDF (fonts embedded, certificate page) and stores it before it answers:
  // 7 s in a full clean-clone run on two busy cores, where the default 7 s wait failed (the test
  // alone passes in 16 s in all).
  await expect(artist.getByRole('heading', { name: 'Thank you for signing' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(artist.getByRole('link', { name: 'Download the signed PDF' })).toBeVisible();
  // The link serves the signed PDF itself (the app's own signed URL, no storage key in it).
  const signedHref = await artist.getByRole('link', { name: 'Download the signed PDF' }).getAttribute('href');
  expect(signedHref).toMatch(/\/api\/v1\/public\/contracts\/[0-9a-f-]{36}\/files\/signed\?exp=\d+&sig=/);
  const signedPdf = await artist.request.get(signedHref!);
  expect(signedPdf.status()).toBe(200);
  expect(signedPdf.headers()['content-type']).toBe('application/pdf');
  expect((await signedPdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await artistContext.close();

  // Back at the label: the contract shows Signed (live), with the signed PDF to download.
  await expect(card.getByText('Signed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Download signed PDF' })).toBeVisible();
});
