import type { Browser, Page } from '@playwright/test';
import { createLabelWithMembers, expect, signInAndWait, test } from './fixtures.ts';
import config from './playwright.config.ts';

// Chromium's fake camera and microphone (a test pattern and a beep), and no permission prompt; the
// project's other launch arguments stay as they are.
const baseLaunch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...baseLaunch,
    args: [
      ...(baseLaunch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--auto-select-desktop-capture-source=Entire screen',
    ],
  },
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await signInAndWait(page, email);
  return { context, page };
}

/** The remote participant's video shows decoded frames (its width is known only once frames arrive). */
async function expectPicture(page: Page, name: string) {
  const video = page.getByLabel(`${name}'s video`);
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
}

test.describe('video call', () => {
  // Two browsers with live video on a 2-core machine: more than the default minute.
  test.describe.configure({ timeout: 120_000 });

  test('two members of a direct message connect, mute, turn the camera off, reload, share the screen and leave', async ({
    browser,
    request,
  }) => {
    const label = await createLabelWithMembers(request, { members: 1 });
    const admin = label.admin;
    const member = label.members[0]!;
    const me = await request.get('/api/v1/me', { headers: bearer(member.token) });
    const memberId = ((await me.json()) as { reviewer: { id: string } }).reviewer.id;

    const dm = await request.post('/api/v1/conversations', {
      data: { type: 'dm', user_id: memberId },
      headers: bearer(admin.token),
    });
    expect(dm.status(), await dm.text()).toBeLessThan(300);
    const conversationId = ((await dm.json()) as { id: string }).id;
    const started = await request.post(`/api/v1/conversations/${conversationId}/calls`, {
      headers: bearer(admin.token),
    });
    expect(started.status(), await started.text()).toBe(201);
    const { join_url: joinUrl } = (await started.json()) as { join_url: string };
    expect(joinUrl).toMatch(/^\/video-call\/[0-9a-f-]{36}$/);

    const a = await signedInPage(browser, admin.email);
    const b = await signedInPage(browser, member.email);
    try {
      await a.page.goto(joinUrl);
      await expect(a.page.getByRole('heading', { name: 'Video Call' })).toBeVisible();
      await expect(a.page.getByText('Waiting for others to join...')).toBeVisible({ timeout: 15_000 });
      await expect(a.page.getByText('Could not access your camera or microphone')).toHaveCount(0);

      await b.page.goto(joinUrl);
      // The page names the conversation as each sees it: the other member of the DM.
      await expect(b.page.getByText(admin.name, { exact: true }).first()).toBeVisible();
      for (const page of [a.page, b.page]) {
        await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
      }
      await expectPicture(a.page, member.name);
      await expectPicture(b.page, admin.name);
      const inCall = a.page.getByRole('region', { name: 'In this call' });
      await expect(inCall.getByRole('listitem')).toHaveText([/Riley Tester \(you\)$/, /Member 1$/]);

      // Mute and unmute.
      await a.page.getByRole('button', { name: 'Mute' }).click();
      await expect(a.page.getByRole('button', { name: 'Unmute' })).toBeVisible();
      await a.page.getByRole('button', { name: 'Unmute' }).click();
      await expect(a.page.getByRole('button', { name: 'Mute' })).toBeVisible();

      // Camera off shows the initials instead of the picture; on again brings it back.
      await a.page.getByRole('button', { name: 'Turn camera off' }).click();
      await expect(a.page.getByText('Camera off', { exact: true })).toBeVisible();
      await a.page.getByRole('button', { name: 'Turn camera on' }).click();
      await expect(a.page.getByText('Camera off', { exact: true })).toHaveCount(0);
      await expect(a.page.getByText('Connected', { exact: true })).toBeVisible();

      // B reloads the page: it leaves and joins again, makes a new offer, and both are connected again.
      await b.page.reload();
      await expect(b.page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(a.page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expectPicture(a.page, member.name);
      await expectPicture(b.page, admin.name);
      await expect(inCall.getByRole('listitem')).toHaveText([/Riley Tester \(you\)$/, /Member 1$/]);

      // Screen share: the picture B receives switches to the screen, then back to the camera. Told
      // apart by shape (the fake camera is 4:3, the screen wider), which survives WebRTC scaling the
      // picture down on a busy machine.
      const seenByB = b.page.getByLabel(`${admin.name}'s video`);
      const shapeSeenByB = () =>
        seenByB.evaluate((el: HTMLVideoElement) =>
          el.videoHeight > 0 ? Math.round((el.videoWidth / el.videoHeight) * 100) / 100 : 0,
        );
      const cameraShape = await shapeSeenByB();
      expect(cameraShape).toBeCloseTo(4 / 3, 1);
      await a.page.getByRole('button', { name: 'Share screen' }).click();
      await expect(a.page.getByRole('button', { name: 'Stop sharing' })).toBeVisible();
      await expect(a.page.getByText('You (sharing your screen)')).toBeVisible();
      await expect.poll(shapeSeenByB, { timeout: 20_000 }).toBeGreaterThan(1.45);
      await a.page.getByRole('button', { name: 'Stop sharing' }).click();
      await expect(a.page.getByRole('button', { name: 'Share screen' })).toBeVisible();
      await expect.poll(shapeSeenByB, { timeout: 20_000 }).toBeLessThan(1.4);

      // B leaves: back to the hub (the link was opened directly); A is alone again.
      await b.page.getByRole('button', { name: 'Leave call' }).click();
      await expect(b.page).not.toHaveURL(/\/video-call\//);
      await expect(a.page.getByText('Waiting for others to join...')).toBeVisible({ timeout: 15_000 });
      await expect(a.page.getByLabel(`${member.name}'s video`)).toHaveCount(0);
      await expect(inCall.getByRole('listitem')).toHaveText([/Riley Tester \(you\)$/]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test('a member outside the direct message cannot open its call', async ({ browser, request }) => {
    const label = await createLabelWithMembers(request, { members: 2 });
    const [first, third] = label.members as [(typeof label.members)[0], (typeof label.members)[0]];
    const me = await request.get('/api/v1/me', { headers: bearer(first.token) });
    const firstId = ((await me.json()) as { reviewer: { id: string } }).reviewer.id;
    const dm = await request.post('/api/v1/conversations', {
      data: { type: 'dm', user_id: firstId },
      headers: bearer(label.admin.token),
    });
    const conversationId = ((await dm.json()) as { id: string }).id;
    const started = await request.post(`/api/v1/conversations/${conversationId}/calls`, {
      headers: bearer(label.admin.token),
    });
    const { join_url: joinUrl } = (await started.json()) as { join_url: string };

    const outsider = await signedInPage(browser, third.email);
    try {
      await outsider.page.goto(joinUrl);
      await expect(outsider.page.getByText(/Call not found/)).toBeVisible();
      await expect(outsider.page.getByRole('button', { name: 'Leave call' })).toHaveCount(0);
    } finally {
      await outsider.context.close();
    }
  });
});
