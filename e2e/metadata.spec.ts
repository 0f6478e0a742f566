import {
  apiSignIn,
  createLabelWithMembers,
  createSongViaApi,
  expect,
  signInAndWait,
  test,
} from './fixtures.ts';

const DEMO_ADMIN = 'admin@demo.test';
const DEMO_PASSWORD = 'demo-password';

test('an artist fills and submits the metadata form by link; the label is notified and confirms it', async ({
  page,
  browser,
  request,
}) => {
  const token = await apiSignIn(request, DEMO_ADMIN, DEMO_PASSWORD);
  const list = await request.get('/api/v1/signed-songs?search=Summer%20Static', {
    headers: { authorization: `Bearer ${token}` },
  });
  const song = ((await list.json()) as { songs: { id: string; title: string }[] }).songs.find(
    (s) => s.title === 'Summer Static',
  );
  expect(song, 'the demo has the signed song Summer Static').toBeTruthy();
  const songId = song!.id;

  // The label creates a form on the song's metadata tab and copies the artist's link.
  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto(`/signed-songs/${songId}/metadata`);
  const create = page.getByRole('button', { name: /^(Create metadata form|New metadata form)$/ });
  await create.first().click();
  const linkBox = page.getByLabel('Link for the artist');
  await expect(linkBox).toHaveValue(/\/metadata\/[A-Za-z0-9_-]{43}$/);
  const link = await linkBox.inputValue();
  await page.getByRole('button', { name: 'Copy link' }).click();

  // The artist, with no session, opens it in another browser context.
  const artistContext = await browser.newContext();
  const artist = await artistContext.newPage();
  await artist.goto(new URL(link).pathname);
  await expect(artist.getByRole('heading', { name: 'Metadata for “Summer Static”' })).toBeVisible();
  await expect(artist.getByLabel('Title')).toHaveValue('Summer Static');

  await artist.getByRole('button', { name: 'Add writer' }).click();
  await artist.getByLabel('Writer 1 Name').fill('Nova Lane');
  await artist.getByLabel('Writer 1 Share %').fill('60');
  await artist.getByRole('button', { name: 'Add writer' }).click();
  await artist.getByLabel('Writer 2 Name').fill('Sam Ortiz');
  await artist.getByLabel('Writer 2 Share %').fill('40');
  await expect(artist.getByText('Total: 100%')).toBeVisible();
  await artist.getByLabel('ISRC').fill('gb-dmr-26-00077');
  await expect(artist.getByText('Valid ISRC: GB-DMR-26-00077')).toBeVisible();
  await artist.getByLabel('Genre').fill('Synth-pop');
  await artist.getByLabel('Language').selectOption('en');
  await expect(artist.getByRole('status').filter({ hasText: /\bSaved\b/ })).toBeVisible();

  await artist.getByRole('button', { name: 'Submit metadata' }).click();
  await expect(artist.getByRole('heading', { name: 'Thank you! Your metadata has been sent' })).toBeVisible();
  await artistContext.close();

  // The label's bell: the notification leads to /signed-songs?songId=… and then /signed-songs/metadata.
  await page.getByRole('button', { name: 'Notifications' }).click();
  const item = page
    .getByRole('menu', { name: 'Notifications' })
    .getByRole('menuitem', { name: /submitted the metadata for "Summer Static"/ })
    .first();
  await expect(item).toBeVisible();
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  await item.click();
  await expect.poll(() => urls.some((u) => u.endsWith(`/signed-songs?songId=${songId}`))).toBe(true);
  await expect(page).toHaveURL(/\/signed-songs\/metadata$/);
  expect(urls.findIndex((u) => u.includes('?songId='))).toBeLessThan(
    urls.findIndex((u) => u.endsWith('/signed-songs/metadata')),
  );

  // The label reviews the submitted form and confirms it.
  await page.getByRole('button', { name: 'Submitted', exact: true }).click();
  await page
    .getByRole('link', { name: /Summer Static/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/signed-songs/${songId}/metadata\\?form=`));
  await expect(page.getByText('GB-DMR-26-00077')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm metadata' }).click();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm metadata' })).toBeHidden();
});

test("the artist's form page plays the song's waveform, signed out, through the form's token", async ({
  browser,
  request,
}) => {
  const { admin } = await createLabelWithMembers(request, { members: 0 });
  const headers = { authorization: `Bearer ${admin.token}` };
  const song = await createSongViaApi(request, admin.token, {
    title: 'Tape Hiss',
    artist: 'Nova Lane',
    seconds: 12,
  });
  expect((await request.post(`/api/v1/songs/${song.id}/sign`, { headers })).status()).toBe(200);
  const created = await request.post(`/api/v1/songs/${song.id}/metadata-forms`, { headers });
  expect(created.status(), await created.text()).toBe(201);
  const { link } = (await created.json()) as { link: { path: string } };

  // A browser with no session at all.
  const context = await browser.newContext();
  const artist = await context.newPage();
  const signs: { token: string | null; auth: string | null }[] = [];
  const uploads: string[] = [];
  artist.on('request', (req) => {
    if (req.url().endsWith('/functions/v1/get-signed-url')) {
      signs.push({
        token: req.headers()['x-metadata-form-token'] ?? null,
        auth: req.headers().authorization ?? null,
      });
    }
    if (req.url().includes('/functions/v1/generate-presigned-url')) uploads.push(req.url());
  });
  await artist.goto(link.path);
  await expect(artist.getByRole('heading', { name: 'Metadata for “Tape Hiss”' })).toBeVisible();

  const player = artist.getByRole('region', { name: 'Player for Tape Hiss' });
  await expect(player).toBeVisible();
  // The waveform is drawn: the canvas has coloured pixels (generated from the audio, as the song has none stored).
  await expect
    .poll(
      () =>
        player.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
          if (canvas.width === 0 || canvas.height === 0) return 0;
          const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted += 1;
          return painted;
        }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(100);
  await expect(player.getByText('No Waveform Available')).toHaveCount(0);

  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => artist.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
  await expect
    .poll(() => artist.evaluate(() => document.querySelector('audio')?.currentTime ?? 0))
    .toBeGreaterThan(0.5);
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();

  expect(signs.length).toBeGreaterThan(0);
  expect(signs.every((s) => s.auth === null && s.token === link.path.split('/').pop())).toBe(true);
  // An external party's generated waveform is shown, not stored.
  expect(uploads).toEqual([]);
  await context.close();
});
