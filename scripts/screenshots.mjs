// npm run screenshots: the main screens in dark and light, at 375 px and 1280 px, into ./screenshots/
// (git-ignored). Needs the app running: BASE_URL (default http://localhost:3000), with the demo data.
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

const stamp = Date.now().toString(36);
for (const theme of ['dark', 'light']) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
    await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    const shot = async (name) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `${name}-${theme}-${width}.png`), fullPage: false });
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
      data: { email, password: 'demo-password', name: 'Shot Taker' },
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
    await page.getByRole('button', { name: 'User menu' }).click();
    await shot('shell-user-menu');
    await page.keyboard.press('Escape');
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
    await context.close();
  }
}
await browser.close();
console.info(`Screenshots in ${OUT}`);
