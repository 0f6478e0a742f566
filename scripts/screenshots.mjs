// npm run screenshots: the main screens in dark and light, at 375 px and 1280 px, into ./screenshots/
// (git-ignored) as <screen>-<theme>-<width>.png. Needs the app running: BASE_URL (default
// http://localhost:3000), with the demo data. Each run adds two tracks (as alex@demo.test) and one
// piece of feedback (as the admin), so the bell, the hub and the feedback page have something to show.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './ensure-chromium.mjs';
import { ROOT } from './lib.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = join(ROOT, 'screenshots');
mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function signIn(page, email) {
  await page.goto(`${BASE}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

/** A short 16-bit mono WAV of a sine tone, made here so the screens show real files. */
function toneWav(seconds, hz, rate = 22050) {
  const samples = seconds * rate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / rate) * (0.4 + 0.6 * Math.abs(Math.sin((i / rate) * 1.7)));
    buffer.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 20000 * envelope), 44 + i * 2);
  }
  return buffer;
}

/**
 * Before the shots: a teammate (alex) adds two tracks, so the admin's bell has notifications, and
 * stays signed in on a signed song's page, so the user menu shows someone online; the admin sends
 * one piece of feedback, so the feedback page lists it. Returns the teammate's context, closed at
 * the end.
 */
async function prepareDemoActivity() {
  const teammate = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await teammate.newPage();
  await signIn(page, 'alex@demo.test');
  await page.goto(`${BASE}/add-tracks`);
  await page.getByRole('heading', { name: 'Add Tracks' }).waitFor();
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles([
      { name: 'Mira Vale - Northern Lights.wav', mimeType: 'audio/wav', buffer: toneWav(2, 392) },
      { name: 'Mira Vale - Paper Planes.wav', mimeType: 'audio/wav', buffer: toneWav(2, 262) },
    ]);
  await page.getByRole('button', { name: 'Add Tracks' }).click();
  await page.getByText('Your tracks are ready for review.').waitFor({ timeout: 30_000 });
  await page.goto(`${BASE}/signed-songs`);
  await page.getByRole('heading', { name: 'Signed Songs' }).waitFor();
  const song = page.locator('main a[href^="/signed-songs/"]').first();
  if (await song.count()) await song.click();

  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@demo.test');
  await adminPage.goto(`${BASE}/feedback`);
  await adminPage
    .getByLabel('Your message')
    .fill('The waveform on the review page jumps when I resize the window. It happens on every song.');
  await adminPage.getByRole('button', { name: 'Send feedback' }).click();
  await adminPage.getByRole('heading', { name: 'What you sent' }).waitFor();
  await adminPage.waitForTimeout(1000);
  await admin.close();
  return teammate;
}

/** Issue 4's screens: the shell, search, bell, user menu, profile with settings and branding, hub, home, feedback. */
async function shootAppScreens(page, shot, width) {
  const isDesktop = width >= 768;
  const main = page.locator('main');

  await page.goto(`${BASE}/label-hub`);
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
  await page.waitForTimeout(700);
  await shot('label-hub-full', { fullPage: true });

  if (isDesktop) {
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await shot('shell-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('juno');
    await page.getByRole('listbox', { name: 'Search results' }).waitFor();
    await shot('search-dropdown');
    await search.fill('zzqx');
    await page.getByText('No results').waitFor();
    await shot('search-no-results');
    await search.fill('');
    await page.keyboard.press('Escape');
    await search.blur();
  }

  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('menu', { name: 'Notifications' }).waitFor();
  await shot('bell');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('group', { name: 'Online now' }).waitFor();
  await page.waitForTimeout(700);
  await shot('user-menu');
  await page.keyboard.press('Escape');

  await page.goto(`${BASE}/home`);
  await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();
  await page.waitForTimeout(700);
  await shot('home');
  await shot('home-full', { fullPage: true });

  await page.goto(`${BASE}/feedback`);
  await page.getByRole('heading', { name: 'What you sent' }).waitFor();
  await page.waitForTimeout(500);
  await shot('feedback');
  await shot('feedback-full', { fullPage: true });

  await page.goto(`${BASE}/profile`);
  await page.getByRole('heading', { name: 'Account' }).waitFor();
  await page.waitForTimeout(700);
  await shot('profile');
  await page.goto(`${BASE}/profile#settings`);
  await page.getByRole('heading', { name: 'White-label branding' }).waitFor();
  await page.waitForTimeout(700);
  await shot('profile-settings');
  await shot('profile-full', { fullPage: true });
  const branding = main.locator('#branding');
  await branding.getByRole('button', { name: 'Save' }).waitFor();
  await branding.evaluate((card) => card.scrollIntoView({ block: 'start' }));
  await shot('branding-editor');
  await shot('branding-editor-card', { of: branding });
  // The preview and contrast warning with two brand colours typed in (not saved).
  await branding.getByLabel('Primary (dark)', { exact: true }).fill('#ffcc00');
  await branding.getByLabel('Primary (light)', { exact: true }).fill('#ffee88');
  await branding.getByRole('heading', { name: 'Preview' }).scrollIntoViewIfNeeded();
  await shot('branding-preview');
}

const teammate = await prepareDemoActivity();
const stamp = Date.now().toString(36);
for (const theme of ['dark', 'light']) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
    await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    /** The viewport (or the whole page, or one element: `of`) as `<name>-<theme>-<width>.png`. */
    const shot = async (name, { fullPage = false, of } = {}) => {
      await page.waitForTimeout(300);
      const path = join(OUT, `${name}-${theme}-${width}.png`);
      if (of) await of.screenshot({ path });
      else await page.screenshot({ path, fullPage });
    };
    await page.goto(`${BASE}/`);
    await page.getByRole('heading', { name: 'Welcome to the product' }).waitFor();
    await shot('login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await shot('login-error');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await shot('forgot');

    // A fresh account without a label sees onboarding.
    const email = `shot-${stamp}-${theme}-${width}@e2e.test`;
    await page.request.post(`${BASE}/auth/v1/signup`, {
      data: { email, password: 'quiet-lantern-harbor-62', name: 'Shot Taker' },
    });
    const mails = await (
      await page.request.get(`${BASE}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
    ).json();
    const link = mails[0].text.match(/https?:\/\/\S+verify\S+/)[0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Welcome to Music Review' }).waitFor();
    await shot('onboarding');
    await page.getByRole('button', { name: 'Start a New Label' }).click();
    await page.getByRole('button', { name: 'Create Label' }).click();
    await shot('onboarding-create');
    await context.clearCookies();

    await signIn(page, 'admin@demo.test');
    await shot('shell-label-hub');
    await shootAppScreens(page, shot, width);
    await page.goto(`${BASE}/review-dashboard`);
    await page.getByRole('heading', { name: 'Review Dashboard' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await shot('review-dashboard');
    await page.getByRole('tab', { name: /My Reviews/ }).click();
    await shot('review-dashboard-mine');
    await page.getByRole('tab', { name: /Pending Reviews/ }).click();
    const href = await page.getByRole('link', { name: 'Review This Song' }).first().getAttribute('href');
    await page.goto(`${BASE}${href}`);
    await page.getByRole('button', { name: 'Submit Review' }).waitFor();
    await page.getByRole('button', { name: 'Play' }).first().click();
    await page.waitForTimeout(1500);
    await shot('review-page-playing');
    await page.getByRole('button', { name: 'Request revision' }).click();
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    await shot('review-page-revision-link');
    const revisionLink = await page.getByRole('dialog').getByRole('textbox').last().inputValue();
    await page.keyboard.press('Escape');

    await page.goto(`${BASE}/add-tracks`);
    await page.getByRole('heading', { name: 'Add Tracks' }).waitFor();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles([
        { name: 'Nova Lane - Glass Rooms.wav', mimeType: 'audio/wav', buffer: toneWav(3, 330) },
        { name: 'Late Trains.wav', mimeType: 'audio/wav', buffer: toneWav(2, 440) },
      ]);
    await page.getByRole('button', { name: 'Add Tracks' }).waitFor();
    await shot('add-tracks');

    await page.goto(`${BASE}/overview`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('link', { name: 'Neon Harbour' }).first().waitFor();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).first().check();
    await shot('overview');

    await page.goto(`${BASE}/signed-songs`);
    await page.getByRole('heading', { name: 'Signed Songs' }).waitFor();
    await page.waitForTimeout(700);
    await shot('signed-songs');

    await page.goto(`${BASE}/waveform-test`);
    await page.getByRole('heading', { name: 'Waveform Test' }).waitFor();
    await page.getByLabel('Audio file').setInputFiles({
      name: 'check.wav',
      mimeType: 'audio/wav',
      buffer: toneWav(4, 220),
    });
    await page.getByRole('definition').first().waitFor();
    await page.waitForTimeout(1000);
    await shot('waveform-test');
    await context.close();

    // The artist's side: the public upload page, signed out.
    const artist = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
    await artist.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    const artistPage = await artist.newPage();
    await artistPage.goto(revisionLink);
    await artistPage.getByRole('heading', { name: /Upload a new version/ }).waitFor();
    const publicShot = async (name) => {
      await artistPage.waitForTimeout(300);
      await artistPage.screenshot({ path: join(OUT, `${name}-${theme}-${width}.png`) });
    };
    await publicShot('upload-revision');
    await artist.close();
  }
}
await teammate.close();
await browser.close();
console.info(`Screenshots in ${OUT}`);
