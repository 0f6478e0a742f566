import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createLabelWithMembers, expect, signInAndWait, test } from './fixtures.ts';

/**
 * The boot frame (decision 0031): arriving at a signed-in page, index.html paints the shell's frame
 * with the page's heading before the app's scripts run; the app then takes over without a loader in
 * between and with the heading where the frame had it.
 */

/** The app's entry script: blocking it leaves what index.html paints on its own. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** The pages and headings the served index.html knows (its inline script's data). */
async function bootTitles(request: APIRequestContext): Promise<Record<string, string>> {
  const html = await (await request.get('/')).text();
  const data = html.match(/var d = (\{.*\});/)?.[1];
  expect(data, 'the boot frame script in index.html').toBeTruthy();
  return (JSON.parse(data!) as { titles: Record<string, string> }).titles;
}

const place = (heading: Locator) =>
  heading.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: Math.round(r.left), top: Math.round(r.top), fontSize: getComputedStyle(el).fontSize };
  });

/** The frame alone (the entry never arrives): its heading's text and place. */
async function frameHeading(page: Page, path: string) {
  await page.route(ENTRY, (route) => route.abort());
  try {
    await page.goto(path);
    const heading = page.locator('#boot-frame h1');
    await expect(heading).toBeVisible();
    return { text: await heading.textContent(), ...(await place(heading)) };
  } finally {
    await page.unroute(ENTRY);
  }
}

test.describe('the boot frame', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px, every page it knows shows its heading first, where the page then puts it`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 800 });
      const { admin } = await createLabelWithMembers(request, { members: 0 });
      await signInAndWait(page, admin.email);
      const titles = await bootTitles(request);
      expect(Object.keys(titles)).toContain('/review-dashboard');

      for (const [path, title] of Object.entries(titles)) {
        const framed = await frameHeading(page, path);
        expect(framed.text, path).toBe(title);

        await page.goto(path);
        const heading = page.locator('#main h1');
        await expect(heading, path).toHaveText(title);
        await expect(page.locator('#boot-frame'), path).toHaveCount(0);
        const { left, top, fontSize } = await place(heading);
        expect({ path, left, top, fontSize }).toEqual({
          path,
          left: framed.left,
          top: framed.top,
          fontSize: framed.fontSize,
        });
      }
    });
  }

  test('with the sidebar collapsed, the frame has the narrow sidebar too', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    await signInAndWait(page, admin.email);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const framed = await frameHeading(page, '/review-dashboard');
    await page.goto('/review-dashboard');
    const heading = page.getByRole('heading', { level: 1, name: 'Review Dashboard' });
    await expect(heading).toBeVisible();
    expect((await place(heading)).left).toBe(framed.left);
  });

  test('no frame without a session, and a stale session hint ends on the login screen, not the frame', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(ENTRY, (route) => route.abort());
    await page.goto('/review-dashboard');
    await expect(page.locator('#root')).toBeAttached();
    await expect(page.locator('#boot-frame')).toHaveCount(0);
    await page.unroute(ENTRY);

    // The hint cookie without a session behind it (a session that ended elsewhere).
    const { origin, hostname } = new URL(page.url());
    await context.addCookies([{ name: 'mr_session', value: '1', domain: hostname, path: '/' }]);
    await page.goto(`${origin}/review-dashboard`);
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    await expect(page.locator('#boot-frame')).toHaveCount(0);
    await context.close();
  });
});
