import { readFileSync, writeFileSync } from 'node:fs';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  apiSignIn,
  createLabelWithMembers,
  expect,
  type ServerCopy,
  signInAndWait,
  startServerCopy,
  test,
} from './fixtures.ts';

/**
 * The catalogue (issue 14) in the browser: a release made from ticked recordings with its codes, a
 * CSV import with a bad row (dry run, failed rows file, fixed and imported again), an export within
 * and beyond the plan's monthly limit, and "Needs attention" leading to a fix. The demo label (Label
 * plan) holds a back catalogue with a few deliberate conflicts; the tests add records of their own,
 * named with a tag of their run, except the one that fixes such a conflict.
 */

const DEMO_ADMIN = 'admin@demo.test';
const DEMO_PASSWORD = 'demo-password';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A short tag no other run or test shares, for the names a test searches for. */
const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

interface RecordingRef {
  id: string;
  title: string;
}

async function createRecording(
  request: APIRequestContext,
  token: string,
  recording: { title: string; display_artist: string; isrc?: string; duration_seconds?: number },
): Promise<RecordingRef> {
  const res = await request.post('/api/v1/catalogue/recordings', { data: recording, headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as RecordingRef;
}

/** The value a details list (dl) gives a term in `scope`. */
function detail(scope: Locator, term: string) {
  return scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

/** The rows of a downloaded CSV file (the byte-order mark dropped). */
function csvRows(download: Download, path: string): string[][] {
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return parse(readFileSync(path, 'utf8'), { bom: true }) as string[][];
}

async function search(page: Page, text: string, expectedCount: string) {
  await page.getByRole('searchbox', { name: 'Search catalogue' }).fill(text);
  await expect(page.getByRole('status').filter({ hasText: expectedCount })).toBeVisible();
}

test('a release made from ticked recordings keeps their order and gets its UPC and ISRCs', async ({
  page,
  request,
}) => {
  const token = await apiSignIn(request, DEMO_ADMIN, DEMO_PASSWORD);
  const tag = uniqueTag();
  const artist = `Wren Hollow ${tag}`;
  await createRecording(request, token, { title: `Alder ${tag}`, display_artist: artist });
  await createRecording(request, token, { title: `Birch ${tag}`, display_artist: artist });

  // An admin sets the label's ISRC prefix; the panel says which codes come next.
  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/catalogue?panel=settings');
  const settings = page.getByRole('dialog', { name: 'Catalogue settings' });
  await expect(detail(settings, 'Next UPC')).toHaveText(/^\d{12,13}$/);
  const nextUpc = (await detail(settings, 'Next UPC').textContent())!;
  await settings.getByRole('textbox', { name: 'ISRC prefix' }).fill('QZ-E2E');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Catalogue settings saved')).toBeVisible();
  await expect(detail(settings, 'Next ISRC')).toHaveText(/^QZE2E\d{7}$/);
  const nextIsrc = (await detail(settings, 'Next ISRC').textContent())!;
  await settings.getByRole('button', { name: 'Close' }).click();

  // Tick two recordings and make a release of them, the second moved up to be track 1.
  await search(page, tag, '2 recordings');
  await page.getByRole('checkbox', { name: `Select Alder ${tag}` }).check();
  await page.getByRole('checkbox', { name: `Select Birch ${tag}` }).check();
  const selection = page.getByRole('group', { name: 'Selected recordings' });
  await expect(selection).toContainText('2 selected');
  await selection.getByRole('button', { name: 'New release' }).click();
  const dialog = page.getByRole('dialog', { name: 'New release' });
  const planned = dialog.getByRole('list', { name: 'Tracks in order' }).getByRole('listitem');
  await expect(planned).toHaveText([/track 1: Alder/, /track 2: Birch/]);
  await dialog.getByRole('button', { name: `Move Birch ${tag} up` }).click();
  await expect(planned).toHaveText([/track 1: Birch/, /track 2: Alder/]);
  await expect(dialog.getByRole('textbox', { name: 'Display artist' })).toHaveValue(artist);
  await dialog.getByRole('textbox', { name: 'Title' }).fill(`Forest Suite ${tag}`);
  await dialog.getByRole('button', { name: 'Create release' }).click();

  // The release, as saved, opens in its drawer with the tracks in that order.
  const drawer = page.getByRole('dialog', { name: `Forest Suite ${tag}` });
  const tracks = drawer.getByRole('list', { name: 'Tracks in order' }).getByRole('listitem');
  await expect(tracks).toHaveText([/Disc 1, track 1: Birch/, /Disc 1, track 2: Alder/]);
  await expect(drawer).toContainText('2 tracks, 2 without an ISRC.');

  // "Assign UPC" gives the pool's next code.
  const upc = drawer.getByRole('textbox', { name: 'UPC/EAN' });
  await expect(upc).toHaveValue('');
  await drawer.getByRole('button', { name: 'Assign UPC' }).click();
  await expect(upc).toHaveValue(nextUpc);
  await expect(page.getByText(`Assigned UPC ${nextUpc}`)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Assign UPC' })).toHaveCount(0);

  // A track's recording has no ISRC: "Assign ISRC" gives the next one of the label's prefix.
  await drawer
    .getByRole('list', { name: "Open a track's recording" })
    .getByRole('link', { name: `Birch ${tag}` })
    .click();
  const recording = page.getByRole('dialog', { name: `Birch ${tag}` });
  const isrc = recording.getByRole('textbox', { name: 'ISRC' });
  await expect(isrc).toHaveValue('');
  await recording.getByRole('button', { name: 'Assign ISRC' }).click();
  await expect(isrc).toHaveValue(nextIsrc);
  await expect(page.getByText(`Assigned ISRC ${nextIsrc}`)).toBeVisible();
});

test('an import with a bad row: the dry run names it, its failed rows file fixed and imported again', async ({
  page,
}, testInfo) => {
  const tag = uniqueTag();
  const artist = `Lumen ${tag}`;
  // ISRCs of a registrant only this test uses, numbered from the clock so a rerun gets new ones.
  const serial = Date.now() % 90_000;
  const isrc = (n: number) => `GB-E2X-26-${String(10_000 + serial + n).padStart(5, '0')}`;
  const file = testInfo.outputPath('back-catalogue.csv');
  writeFileSync(
    file,
    [
      'Name of the song,Artist,ISRC,Length',
      `Quartz Alpha ${tag},${artist},${isrc(1)},3:05`,
      `Quartz Beta ${tag},${artist},GB-E2X-26-123,2:40`,
      `Quartz Gamma ${tag},${artist},${isrc(3)},4:00`,
      '',
    ].join('\r\n'),
  );

  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/catalogue');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import recordings from CSV' });
  await dialog.getByLabel('Choose a CSV file').setInputFiles(file);

  // The title's column is not one the import knows: the member maps it.
  const titleColumn = dialog.getByRole('combobox', { name: 'Title (required)' });
  await expect(dialog.getByRole('combobox', { name: 'Display artist (required)' })).toHaveValue('Artist');
  await titleColumn.selectOption('Name of the song');
  await dialog.getByRole('button', { name: 'Check the file' }).click();

  // The dry run: the bad row by number and column, with its reason; nothing written yet.
  const problems = dialog.getByRole('list', { name: 'Problems found' });
  await expect(problems).toHaveText('Row 3 · ISRC: An ISRC has 12 characters, like GB-ABC-26-00001');
  await expect(detail(dialog, 'New')).toHaveText('2');
  await expect(detail(dialog, 'With problems')).toHaveText('1');
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog.getByText('Import finished: 2 added, 0 updated, 0 unchanged, 1 failed.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);

  // The failed rows, with the reason in a last column.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download failed rows' }).click();
  const download = await downloading;
  const failedPath = testInfo.outputPath('failed-rows.csv');
  await download.saveAs(failedPath);
  const failed = csvRows(download, failedPath);
  expect(failed).toEqual([
    ['Name of the song', 'Artist', 'ISRC', 'Length', 'Reason'],
    [
      `Quartz Beta ${tag}`,
      artist,
      'GB-E2X-26-123',
      '2:40',
      expect.stringContaining('An ISRC has 12 characters'),
    ],
  ]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The row fixed (its reason column dropped) and imported again, with the mapping kept.
  const fixed = testInfo.outputPath('fixed-rows.csv');
  writeFileSync(
    fixed,
    [failed[0]!.slice(0, 4), [...failed[1]!.slice(0, 2), isrc(2), failed[1]![3]]]
      .map((row) => row.join(','))
      .join('\n'),
  );
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('Choose a CSV file').setInputFiles(fixed);
  await expect(titleColumn).toHaveValue('Name of the song');
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('Every row can be imported.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(dialog.getByText('Import finished: 1 added, 0 updated, 0 unchanged, 0 failed.')).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Every row of the file is now in the grid; the fixed one with its ISRC.
  await search(page, `Quartz Beta ${tag}`, '1 recording');
  const row = page.getByRole('row', { name: new RegExp(`Quartz Beta ${tag}`) });
  await expect(row).toContainText(artist);
  await expect(row).toContainText(isrc(2).replace(/-/g, ''));
  await expect(row).toContainText('2:40');
  await search(page, artist, '3 recordings');
});

test.describe('export within and beyond the plan’s monthly limit', () => {
  let copy: ServerCopy;

  // No API sets a plan's limits: a server of this test's own, whose Starter plan has the catalogue
  // and one catalogue export a month.
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    copy = await startServerCopy([
      `update subscription_plans set has_catalogue = true, monthly_export_limit = 1 where name = 'Starter'`,
    ]);
  });
  test.afterAll(async () => {
    await copy?.stop();
  });

  test('"Export CSV" saves the filtered rows; the next export is refused with the limit', async ({
    browser,
    playwright,
  }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: copy.baseURL });
    const { admin } = await createLabelWithMembers(api, { members: 0 });
    await createRecording(api, admin.token, {
      title: 'Paper Moons',
      display_artist: 'Nova Lane',
      isrc: 'GB-E2X-25-00002',
      duration_seconds: 245,
    });
    await createRecording(api, admin.token, { title: 'Amber Lines', display_artist: 'Nova Lane' });
    await createRecording(api, admin.token, { title: 'Other Weather', display_artist: 'Kite Club' });
    await api.dispose();

    const context = await browser.newContext({ baseURL: copy.baseURL });
    const page = await context.newPage();
    await signInAndWait(page, admin.email);
    await page.goto('/catalogue');
    await expect(page.getByRole('status').filter({ hasText: '3 recordings' })).toBeVisible();
    await search(page, 'Nova Lane', '2 recordings');
    const titles = page.getByRole('table', { name: 'Recordings' }).getByRole('rowheader');
    await expect(titles).toHaveText(['Amber Lines', 'Paper Moons']);

    // Within the limit: the file holds the grid's rows, in its order.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const path = testInfo.outputPath('export.csv');
    await download.saveAs(path);
    const rows = csvRows(download, path);
    const shown = await titles.allTextContents();
    expect(rows[0]!.slice(0, 7)).toEqual([
      'ID',
      'Title',
      'Version',
      'Display artist',
      'ISRC',
      'Duration',
      'Explicit',
    ]);
    expect(rows.slice(1).map((row) => row[1])).toEqual(shown);
    expect(rows[2]!.slice(1, 7)).toEqual(['Paper Moons', '', 'Nova Lane', 'GBE2X2500002', '4:05', 'no']);

    // Beyond it: the member is told why, and nothing is saved.
    let saved = false;
    page.on('download', () => {
      saved = true;
    });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your plan allows 1 catalogue CSV export' }),
    ).toHaveText(
      'Your plan allows 1 catalogue CSV export a month, and this month’s export is used. Upgrade your plan or wait until next month.',
    );
    expect(saved).toBe(false);
    await context.close();
  });
});

test('"Needs attention" leads to a work whose shares miss 100%; fixed there, it leaves the list', async ({
  page,
}) => {
  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/catalogue');
  await page.getByRole('button', { name: /^Needs attention/ }).click();
  const panel = page.getByRole('dialog', { name: 'Needs attention' });
  const works = panel.getByRole('region', { name: 'Work whose shares do not total 100%' });
  const lanterns = works
    .getByRole('listitem')
    .filter({ hasText: 'The writers’ shares of “Lanterns” total 90%, not 100%' });
  await expect(lanterns).toBeVisible();
  await lanterns.getByRole('link', { name: 'Lanterns' }).click();

  // The work's drawer: the live total says what is missing; the second writer gets the 10%.
  const drawer = page.getByRole('dialog', { name: 'Lanterns' });
  await expect(panel).toHaveCount(0);
  await expect(drawer.getByText('Total: 90%')).toBeVisible();
  const share = drawer.getByRole('textbox', { name: 'Share (%) of writer 2' });
  await expect(share).toHaveValue('40');
  await share.fill('50');
  await expect(drawer.getByText('Total: 100%')).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Work saved')).toBeVisible();
  await expect(drawer.getByText('Shares 100%')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Back in "Needs attention", the work is no longer listed.
  const loaded = panel.getByRole('region').first().or(panel.getByText('Nothing needs attention'));
  await page.getByRole('button', { name: /^Needs attention/ }).click();
  await expect(loaded).toBeVisible();
  await expect(panel.getByText('The writers’ shares of “Lanterns”')).toHaveCount(0);
  await page.reload();
  await expect(loaded).toBeVisible();
  await expect(panel.getByText('The writers’ shares of “Lanterns”')).toHaveCount(0);
});
