import { createHmac } from 'node:crypto';
import { createLabelViaApi, expect, signInAndWait, signInThroughUi, test } from './fixtures';

/** RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s), computed here the way an authenticator app does. */
function totp(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A code of a step after `lastStep` (a code works once); the server accepts one step ahead of now. */
function freshCode(secret: string, lastStep = -1) {
  const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
  return { code: totp(secret, step), step };
}

test('a user turns on an authenticator app, signs out, and signs in with password and code', async ({
  page,
  request,
}) => {
  const { owner } = await createLabelViaApi(request, `MFA Label ${Date.now().toString(36)}`);
  await signInAndWait(page, owner.email);
  await page.goto('/profile');

  const section = page.locator('#two-factor');
  await expect(section.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await section.getByRole('button', { name: 'Add authenticator app' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add authenticator app' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await dialog.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const enrolled = freshCode(secret);
  await dialog.getByLabel('6-digit code').fill(enrolled.code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const factors = section.getByRole('list', { name: 'Your factors' });
  await expect(factors.getByText('Verified')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();

  // The password alone does not open the app.
  await signInThroughUi(page, owner.email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);

  await page.getByLabel('6-digit code').fill(freshCode(secret, enrolled.step).code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // A reload restores the aal2 session: still in the app, no code asked.
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toHaveCount(0);
});
