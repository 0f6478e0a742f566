import {
  audioPosition,
  createLabelWithMembers,
  expect,
  holdUploads,
  playbackReport,
  reviewViaApi,
  signInAndWait,
  test,
  watchPlayback,
  wavFile,
} from './fixtures.ts';

const FILE_NAME = 'Artist Name - Song Title.wav';
const TITLE = 'Song Title';
const ARTIST = 'Artist Name';

// The acceptance journey of Add Tracks: a fresh label (so the song and its averages are this
// test's alone) with an admin and one member; the member does everything through the UI.
test.describe('add tracks to review', () => {
  test('upload a WAV, find it pending and blind, play it, review it, see it under My Reviews; the player never stops', async ({
    page,
    request,
  }) => {
    const { admin, members } = await createLabelWithMembers(request, { members: 1 });
    const member = members[0]!;
    await signInAndWait(page, member.email);
    await page.goto('/add-tracks');
    await expect(page.getByRole('heading', { name: 'Add Tracks' })).toBeVisible();

    // Long enough to keep playing through the rest of the journey.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles(wavFile(FILE_NAME, { seconds: 60 }));

    const track = page.getByRole('region', { name: FILE_NAME });
    await expect(track.getByLabel('Title', { exact: true })).toHaveValue(TITLE);
    await expect(track.getByLabel('Artist', { exact: true })).toHaveValue(ARTIST);
    await expect(track).toContainText('1:00');

    // Hold the audio's upload until the progress bar has been seen: on localhost it is over in a blink.
    const releaseUpload = await holdUploads(page, /\/storage\/v1\/object\/.+\/audio\//);
    await page.getByRole('button', { name: 'Add Track', exact: true }).click();
    await expect(page.getByRole('progressbar', { name: `Upload of ${FILE_NAME}` })).toBeVisible();
    await expect(track.getByText('Uploading…')).toBeVisible();
    releaseUpload();
    await expect(track.getByText('Track added')).toBeVisible({ timeout: 15_000 });
    await expect(track).toContainText(`${TITLE} · ${ARTIST}`);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.unrouteAll({ behavior: 'wait' });

    const reviewHref = await track.getByRole('link', { name: 'Review it' }).getAttribute('href');
    const songId = reviewHref?.match(/\/review\/([0-9a-f-]{36})$/)?.[1];
    expect(songId, `review link: ${reviewHref}`).toBeTruthy();
    // The admin reviews first, so the member's averages are the mean of two reviews.
    await reviewViaApi(request, admin.token, songId!, { musical: 7, artist: 6, overall: 8 });

    // The dashboard, reached through the page's own link: pending, blind, seven days to go.
    await page.getByRole('link', { name: 'Go to Review Dashboard' }).click();
    await expect(page).toHaveURL(/\/review-dashboard$/);
    await expect(page.getByRole('tab', { name: /Pending Reviews/ })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: TITLE }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('7 days left')).toBeVisible();
    await expect(card.getByText('1 review', { exact: true })).toBeVisible();
    await expect(card.getByText(ARTIST)).toHaveCount(0);

    // Play from the card's waveform player: the global player takes it.
    const cardPlayer = card.getByRole('region', { name: `Player for ${TITLE}` });
    await cardPlayer.getByRole('button', { name: 'Play' }).click();
    const bottom = page.getByRole('region', { name: 'Audio player' });
    await expect(bottom.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(bottom).toContainText(TITLE);
    await expect(cardPlayer.getByRole('button', { name: 'Pause' })).toBeVisible();
    await watchPlayback(page);
    await expect.poll(() => audioPosition(page), { timeout: 10_000 }).toBeGreaterThan(0.3);
    const onDashboard = await audioPosition(page);

    // The review page, through the card's link (an in-app navigation, like a user's click).
    await card.getByRole('link', { name: 'Review This Song' }).click();
    await expect(page).toHaveURL(new RegExp(`/review/${songId}$`));
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByText('1 review hidden until you submit yours')).toBeVisible();
    await expect(bottom.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => audioPosition(page), { timeout: 10_000 }).toBeGreaterThan(onDashboard + 0.3);

    await page.getByLabel('Musical score').fill('8');
    await page.getByLabel('Artist score').fill('7');
    await page.getByLabel('Overall score').fill('9');
    await page.getByLabel('Comment').fill('Lovely tone, needs a second verse.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review submitted')).toBeVisible();
    // Now the artist and the team's reviews show.
    await expect(page.getByRole('main').getByText(ARTIST)).toBeVisible();
    await expect(
      page.getByText('Average of 2 reviews: Musical 7.5 · Artist 6.5 · Overall 8.5'),
    ).toBeVisible();
    const onReviewPage = await audioPosition(page);

    // Back to the dashboard: the song moved to My Reviews, with the artist and the averages.
    await page.getByRole('main').getByRole('link', { name: 'Review Dashboard' }).click();
    await expect(page).toHaveURL(/\/review-dashboard$/);
    await expect(page.getByRole('heading', { name: TITLE })).toHaveCount(0);
    await page.getByRole('tab', { name: /My Reviews/ }).click();
    await expect(card.getByText(ARTIST)).toBeVisible();
    await expect(card.getByText('Reviewed', { exact: true })).toBeVisible();
    await expect(card.getByText('2 reviews', { exact: true })).toBeVisible();
    await expect(card.getByText('Musical 7.5 · Artist 6.5 · Overall 8.5')).toBeVisible();
    await expect(card.getByText('7 days left')).toHaveCount(0);

    // Still the same playback: same element, still playing, never moved backwards.
    await expect(bottom.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => audioPosition(page), { timeout: 10_000 }).toBeGreaterThan(onReviewPage + 0.3);
    const report = await playbackReport(page);
    expect(report, 'the page was reloaded: the watch is gone').not.toBeNull();
    expect(report).toMatchObject({ sameElement: true, backwards: 0, paused: false });
    expect(report!.currentTime).toBeGreaterThan(onDashboard);
  });
});
