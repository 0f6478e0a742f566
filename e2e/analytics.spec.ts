import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiSignIn, expect, signInAndWait, test } from './fixtures.ts';

/**
 * Analytics (issue 17) in the browser, on the demo label (Label plan):
 * - Performance: a DistroKid statement of this run's own artist, imported through the API in two
 *   months no other test uses, then the filters (artist, territory, months, store) change the
 *   headline figures and the URL; "Income by store" opens its table, whose rows are the bars'
 *   figures, and "Export CSV" downloads the same rows. Every figure is computed by hand below.
 * - Missing income: the demo's latest DistroKid quarter lost "Overpass" on Deezer
 *   (royalties.demo.ts DEMO_INCOME_ALERTS); its alert opens the recording's Deezer lines, which add
 *   up to what the alert says it earned before.
 */

const DEMO_ADMIN = 'admin@demo.test';
const DEMO_PASSWORD = 'demo-password';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The first month of the quarter `back` quarters before this one, moved by `plus` months: 'YYYY-MM'. */
function quarterMonth(back: number, plus = 0): string {
  const now = new Date();
  const start = Math.floor(now.getUTCMonth() / 3) * 3;
  const d = new Date(Date.UTC(now.getUTCFullYear(), start - back * 3 + plus, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
const quarterName = (month: string) =>
  `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1]!;
/** A quarter's months as the page writes them: "Apr–Jun 2026", "Nov 2025–Jan 2026". */
const quarterSpan = (from: string, to: string) =>
  from.slice(0, 4) === to.slice(0, 4)
    ? `${monthName(from)}–${monthName(to)} ${to.slice(0, 4)}`
    : `${monthName(from)} ${from.slice(0, 4)}–${monthName(to)} ${to.slice(0, 4)}`;

async function createRecording(
  request: APIRequestContext,
  token: string,
  recording: { title: string; display_artist: string; isrc: string },
) {
  const res = await request.post('/api/v1/catalogue/recordings', { data: recording, headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(201);
}

/** Imports a statement as the web app does (upload, analyse, start) and waits until it is read. */
async function importStatement(request: APIRequestContext, token: string, name: string, text: string) {
  const bytes = Buffer.from(text, 'utf8');
  const presign = await request.post('/api/v1/finance/imports/uploads', {
    data: { filename: name, size_bytes: bytes.length },
    headers: bearer(token),
  });
  expect(presign.status(), await presign.text()).toBe(200);
  const { key, upload_url, content_type } = (await presign.json()) as {
    key: string;
    upload_url: string;
    content_type: string;
  };
  const put = await request.put(upload_url, { data: bytes, headers: { 'content-type': content_type } });
  expect(put.ok(), await put.text()).toBe(true);
  const analysed = await request.post('/api/v1/finance/imports/analyse', {
    data: { key },
    headers: bearer(token),
  });
  expect(analysed.status(), await analysed.text()).toBe(200);
  expect(((await analysed.json()) as { detected_source: string }).detected_source).toBe('distrokid');
  const started = await request.post('/api/v1/finance/imports', {
    data: { key, source: 'distrokid' },
    headers: bearer(token),
  });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  let status = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/finance/imports/${id}`, { headers: bearer(token) });
        const body = (await res.json()) as { status: string; matched_lines: number; line_count: number };
        status = `${body.status} ${body.matched_lines}/${body.line_count}`;
        return status;
      },
      { timeout: 30_000 },
    )
    .toBe('imported 7/7');
}

/** A CSV file's rows (the writer's quoting: cells with a comma, quote or newline are quoted). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A table's body as the user reads it: one array of cell texts per row (row headers included). */
const tableRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );

async function expectFilters(page: Page, expected: Record<string, string>) {
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      return Object.fromEntries(
        ['from', 'to', 'artist', 'release', 'store', 'territory']
          .filter((name) => params.has(name))
          .map((name) => [name, params.get(name)]),
      );
    })
    .toEqual(expected);
}

test('Performance: the range and filters change the figures and the URL; a chart’s table and its CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const serial = String(Date.now() % 100_000).padStart(5, '0');
  const artist = `Aurora Quay ${tag}`;
  const glass = { title: `Glass Tide ${tag}`, isrc: `GBE2A26${serial}` };
  const kite = { title: `Paper Kite ${tag}`, isrc: `DEE2A26${serial}` };
  const token = await apiSignIn(request, DEMO_ADMIN, DEMO_PASSWORD);
  for (const recording of [glass, kite])
    await createRecording(request, token, { ...recording, display_artist: artist });

  // Two months before the demo's quarters (inside the default twelve months, outside what the
  // demo's missing income compares), so nothing else moves.
  const [m1, m2] = [quarterMonth(2, -2), quarterMonth(2, -1)];
  const header = [
    'Reporting Date',
    'Sale Month',
    'Store',
    'Artist',
    'Title',
    'ISRC',
    'UPC',
    'Quantity',
    'Team Percentage',
    'Song/Album',
    'Country of Sale',
    'Songwriter Royalties Withheld',
    'Earnings (USD)',
  ];
  const line = (
    month: string,
    store: string,
    track: { title: string; isrc: string },
    country: string,
    quantity: number,
    earnings: string,
  ) => [
    `${m2}-20`,
    month,
    store,
    artist,
    track.title,
    track.isrc,
    '',
    String(quantity),
    '100%',
    'Song',
    country,
    '0',
    earnings,
  ];
  const rows = [
    line(m1, 'Spotify', glass, 'US', 1000, '4.00'),
    line(m1, 'Apple Music', glass, 'GB', 500, '2.50'),
    line(m1, 'Spotify', kite, 'DE', 300, '1.20'),
    line(m2, 'Spotify', glass, 'US', 2000, '8.00'),
    line(m2, 'Spotify', kite, 'US', 50, '0.25'),
    line(m2, 'Deezer', kite, 'US', 100, '0.45'),
    line(m2, 'iTunes', kite, 'US', 3, '2.97'), // a download: a unit, not a stream
  ];
  await importStatement(
    request,
    token,
    `distrokid-analytics-${tag}.tsv`,
    `${[header, ...rows].map((cells) => cells.join('\t')).join('\n')}\n`,
  );

  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/analytics');
  // The route's chunk (charts included) loads first: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
  const headline = page.getByLabel('Headline figures');
  await expect(headline).toBeVisible();

  // The artist: 4.00 + 2.50 + 1.20 + 8.00 + 0.25 + 0.45 + 2.97 = 19.37; 3,953 units, 3,950 of them streams.
  await page.getByRole('combobox', { name: 'Artist' }).selectOption({ label: artist });
  await expectFilters(page, { artist });
  await expect(headline).toContainText('USD 19.37');
  await expect(headline).toContainText('3,953');
  await expect(headline).toContainText('3,950');

  // The United Kingdom: Apple Music's 2.50 alone. Back to every territory: the URL forgets it.
  await page.getByRole('combobox', { name: 'Territory' }).selectOption('GB');
  await expectFilters(page, { artist, territory: 'GB' });
  await expect(headline).toContainText('USD 2.50');
  await page.getByRole('combobox', { name: 'Territory' }).selectOption('');
  await expectFilters(page, { artist });
  await expect(headline).toContainText('USD 19.37');

  // The second month only: 8.00 + 0.25 + 0.45 + 2.97 = 11.67; 2,153 units, 2,150 streams.
  await page.getByLabel('From', { exact: true }).fill(m2);
  await page.getByLabel('To', { exact: true }).fill(m2);
  await expectFilters(page, { artist, from: m2, to: m2 });
  await expect(headline).toContainText('USD 11.67');
  await expect(headline).toContainText('2,153');

  // And Spotify only: 8.00 + 0.25 = 8.25.
  await page.getByRole('combobox', { name: 'Store' }).selectOption('Spotify');
  await expectFilters(page, { artist, from: m2, to: m2, store: 'Spotify' });
  await expect(headline).toContainText('USD 8.25');
  await page.getByRole('combobox', { name: 'Store' }).selectOption('');
  await expectFilters(page, { artist, from: m2, to: m2 });
  await expect(headline).toContainText('USD 11.67');

  // Income by store, that month: Spotify 8.25 (70.7%), iTunes 2.97 (25.4%), Deezer 0.45 (3.9%) of
  // 11.67. Spotify earned 4.00 + 1.20 = 5.20 the month before: +58.7%, rank 1 then too.
  const byStore = page.getByRole('region', { name: 'Income by store', exact: true });
  const chart = byStore.getByRole('img', { name: /^Income by store, / });
  await expect(chart).toHaveAccessibleName(
    /Spotify USD 8\.25 \(70\.7%\), iTunes USD 2\.97 \(25\.4%\), Deezer USD 0\.45 \(3\.9%\)/,
  );
  const toggle = byStore.getByRole('button', { name: 'Show table' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(byStore.getByRole('table')).toHaveCount(0);
  await toggle.click();
  await expect(byStore.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
  const table = byStore.getByRole('table');
  await expect(table).toBeVisible();
  const shown = await tableRows(table);
  expect(shown).toEqual([
    ['1', 'Spotify', 'USD 8.25', '70.7%', '2,050', '2,050', '+58.7%', 'Same'],
    ['2', 'iTunes', 'USD 2.97', '25.4%', '3', '0', 'New', 'New'],
    ['3', 'Deezer', 'USD 0.45', '3.9%', '100', '100', 'New', 'New'],
  ]);
  // The bars are the table's rows, in its order.
  const barNames = await chart
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .evaluateAll((ticks) => ticks.map((t) => (t.textContent ?? '').trim()));
  expect(barNames).toEqual(shown.map((row) => row[1]));
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(shown.length);

  // Export CSV: a file with the same rows, exact amounts as numbers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byStore.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`analytics-store-${m2}-to-${m2}.csv`);
  const csv = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(csv[0]).toEqual([
    'Rank',
    'Previous rank',
    'Store',
    'Income (USD)',
    'Units',
    'Streams',
    'Share of income (%)',
    'Previous income (USD)',
    'Change (%)',
  ]);
  expect(csv.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[5]])).toEqual(
    shown.map((row) => [
      row[0],
      row[1],
      row[2]!.replace('USD ', ''),
      row[4]!.replace(',', ''),
      row[5]!.replace(',', ''),
    ]),
  );
  expect(csv.slice(1).map((r) => r[1])).toEqual(['1', '', '']);
  expect(csv[1]![7]).toBe('5.2');

  // Clear filters: the URL holds none, and the label's whole catalogue is back.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectFilters(page, {});
  await expect(page.getByRole('combobox', { name: 'Artist' })).toHaveValue('');
  await expect(headline).not.toContainText('USD 11.67');
});

test('Missing income: an alert opens the recording’s lines at the store that stopped reporting it', async ({
  page,
}) => {
  // The demo's DistroKid quarters: the one before had "Overpass" on Deezer every month, the latest
  // has none of it. By hand (royalties.demo.test.ts): 10 lines, 45,844 streams, USD 146.7008.
  const before = [0, 1, 2].map((i) => quarterMonth(2, i));
  const latest = [0, 1, 2].map((i) => quarterMonth(1, i));

  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Missing income' }).click();
  await expect(page).toHaveURL(/[?&]tab=missing-income/);
  const alerts = page.getByRole('list', { name: 'Missing income alerts' });
  const missing = alerts.getByRole('listitem').filter({ hasText: '“Overpass” has no income from Deezer' });
  await expect(missing).toHaveCount(1);
  await expect(missing).toContainText('Missing');
  await expect(missing).toContainText(`USD 146.70 in ${quarterSpan(before[0]!, before[2]!)} (3 months)`);
  await expect(missing).toContainText(`USD 0.00 in ${quarterSpan(latest[0]!, latest[2]!)} (3 months)`);
  // The other kind: a territory that fell by more than half.
  await expect(
    alerts
      .getByRole('listitem')
      .filter({ hasText: '“Salt & Ivory” earned less than half as much in Germany' }),
  ).toContainText('Dropped by more than half');

  await missing.getByRole('button', { name: 'View lines of “Overpass” at Deezer' }).click();
  await expect(page).toHaveURL(/[?&]alert=/);
  const dialog = page.getByRole('dialog', { name: 'Statement lines: Overpass' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('10 lines · 45,844 units · USD 146.70');
  const lines = dialog.getByRole('table');
  await expect(lines.locator('tbody tr')).toHaveCount(10);
  const rows = await tableRows(lines);
  const file = `DistroKid ${quarterName(before[0]!)}.tsv`;
  // Months the latest statement does not have: the quarter before's.
  const monthNames = before.map((m) => `${monthName(m)} ${m.slice(0, 4)}`);
  for (const [month, store, , sale, , net, source] of rows) {
    expect(monthNames).toContain(month);
    expect(store).toBe('Deezer');
    expect(sale).toBe('stream');
    expect(net).toMatch(/^USD \d+\.\d{2}$/);
    expect(source).toMatch(new RegExp(`^${file.replace(/[.]/g, '\\.')}, line \\d+$`));
  }
  // No "Show more": all ten are there.
  await expect(dialog.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // Closing it takes the alert out of the URL.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]alert=/);
});
