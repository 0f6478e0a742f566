import { createLabelViaApi, expect, signInAndWait, test } from './fixtures.ts';

// The Content-Security-Policy is on for every browser test (the cspViolations fixture fails a test
// the policy blocked anything in); these check the policy itself and the branding fonts.
test.describe('security headers', () => {
  test('the app is served with its policy, and the inline theme script runs under it', async ({ page }) => {
    const res = await page.goto('/auth');
    expect(res?.status()).toBe(200);
    const policy = res?.headers()['content-security-policy'] ?? '';
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');

    // Without the app's bundle only the inline theme script can set the theme: it must have run.
    await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('the watcher sees what the policy blocks (an outside stylesheet, an inline script)', async ({
    page,
    cspViolations,
  }) => {
    await page.goto('/auth');
    await page.evaluate(() => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = 'https://styles.invalid/evil.css';
      document.head.append(link);
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => cspViolations.join('\n')).toContain('styles.invalid');
    await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src/);
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    cspViolations.splice(0); // Provoked on purpose, checked above.
  });

  test("a branding's external font stylesheet is not blocked", async ({ page, request, cspViolations }) => {
    const { owner } = await createLabelViaApi(request, 'Font Label');
    await signInAndWait(page, owner.email);
    await page.goto('/profile#settings');
    const editor = page.locator('#branding');
    await editor.getByRole('switch', { name: 'Enable branding' }).click();
    // The outside network may be unreachable here: what matters is that the policy lets it load.
    const stylesheetRequest = page.waitForRequest(/fonts\.googleapis\.com\/css/);
    await editor.getByRole('textbox', { name: 'Title font', exact: true }).fill('Playfair Display');
    await expect(page.locator('link[data-branding-preview-font]')).toHaveAttribute(
      'href',
      /^https:\/\/fonts\.googleapis\.com\/css\?family=Playfair\+Display:/,
    );
    // A blocked stylesheet is never requested; an allowed one is, whether or not it then arrives.
    await stylesheetRequest;
    await page.waitForTimeout(500);
    expect(cspViolations).toEqual([]);
  });
});
