import type { Locator } from '@playwright/test';
import { createLabelViaApi, expect, signInAndWait, test } from './fixtures.ts';

const BRAND_PRIMARY = '#e11d48';
const BRAND_PRIMARY_RGB = 'rgb(225, 29, 72)';

/** The computed colour and corner radius of a button the app draws with the primary variant. */
function buttonLook(button: Locator) {
  return button.evaluate((button) => {
    const style = getComputedStyle(button);
    return { background: style.backgroundColor, radius: style.borderTopLeftRadius };
  });
}

test.describe('white-label branding', () => {
  test('an admin brands the label; it survives a reload and is gone after sign-out', async ({
    page,
    request,
  }) => {
    const appName = `Nova Hub ${Date.now().toString(36)}`;
    const { owner } = await createLabelViaApi(request, 'Branding Label');
    const other = await createLabelViaApi(request, 'Plain Label');

    await signInAndWait(page, owner.email);
    await expect(page).toHaveTitle('Music Review');
    await page.goto('/profile#settings');

    const editor = page.locator('#branding');
    const saveButton = () => editor.getByRole('button', { name: 'Save', exact: true });
    await expect(editor.getByRole('switch', { name: 'Enable branding' })).toBeVisible();
    await editor.getByRole('switch', { name: 'Enable branding' }).click();
    await editor.getByRole('textbox', { name: 'App name' }).fill(appName);
    await editor.getByRole('textbox', { name: 'Primary (light)', exact: true }).fill(BRAND_PRIMARY);
    await editor.getByRole('textbox', { name: 'Primary (dark)', exact: true }).fill(BRAND_PRIMARY);
    await editor.getByRole('spinbutton', { name: 'Corner radius (px)' }).fill('16');
    // The live preview follows the typed tokens before anything is saved.
    await expect(editor.getByTestId('branding-preview-dark').getByText('Primary button')).toHaveCSS(
      'background-color',
      BRAND_PRIMARY_RGB,
    );
    await saveButton().click();
    await expect(page.getByText('Branding saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    // Away from the Save button, so its hover colour does not stand in for the primary one.
    await page.mouse.move(0, 0);
    await expect(page).toHaveTitle(appName);
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText(appName)).toBeVisible();
    await expect
      .poll(() => buttonLook(saveButton()))
      .toEqual({ background: BRAND_PRIMARY_RGB, radius: '16px' });

    // The light mode has the brand's primary too.
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await buttonLook(saveButton())).background).toBe(BRAND_PRIMARY_RGB);
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    await expect(page).toHaveTitle('Music Review');
    const signedOut = await buttonLook(page.getByRole('button', { name: 'Sign In' }));
    expect(signedOut.background).not.toBe(BRAND_PRIMARY_RGB);
    expect(signedOut.radius).toBe('8px');
    expect(await page.evaluate(() => document.documentElement.getAttribute('style') ?? '')).toBe('');

    // The next person, from another label, sees the defaults.
    await signInAndWait(page, other.owner.email);
    await expect(page).toHaveTitle('Music Review');
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText(appName)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'))).toBe('');
  });
});
