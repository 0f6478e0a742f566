import { writeFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, expect, latestMail, signInAndWait, test } from './fixtures.ts';

/**
 * Finance (issue 16) in the browser: a DistroKid statement imported through "Import statement"
 * (recognised by its columns, read as a job, listed with its lines and amount), then its unmatched
 * lines resolved on "Unmatched": one by accepting the suggestion, one through the catalogue picker;
 * both are remembered, so the tab has nothing left for this run. The demo label (Label plan) is used;
 * every name and code carries this run's tag.
 */

const DEMO_ADMIN = 'admin@demo.test';
const DEMO_PASSWORD = 'demo-password';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function createRecording(
  request: APIRequestContext,
  token: string,
  recording: { title: string; display_artist: string; isrc?: string },
) {
  const res = await request.post('/api/v1/catalogue/recordings', { data: recording, headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test('a statement imported, then its unmatched lines resolved by suggestion and by search', async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag();
  const serial = String(Date.now() % 100_000).padStart(5, '0');
  // ISRCs of registrants only this test uses, numbered from the clock so a rerun gets new ones.
  const known = `GBE2F26${serial}`;
  const unknownA = `USE2F26${serial}`;
  const unknownB = `DEE2F26${serial}`;
  const artist = `Ember ${tag}`;
  const access_token = await apiSignIn(request, DEMO_ADMIN, DEMO_PASSWORD);
  await createRecording(request, access_token, {
    title: `Glass Harbour ${tag}`,
    display_artist: artist,
    isrc: known,
  });
  await createRecording(request, access_token, { title: `Copper Lantern ${tag}`, display_artist: artist });
  await createRecording(request, access_token, { title: `Velvet Static ${tag}`, display_artist: artist });

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
  const row = (title: string, isrc: string, quantity: number, earnings: string) => [
    '2026-10-15',
    '2026-08',
    'Spotify',
    artist,
    title,
    isrc,
    '',
    String(quantity),
    '100%',
    'Song',
    'US',
    '0',
    earnings,
  ];
  const file = testInfo.outputPath(`distrokid-${tag}.tsv`);
  writeFileSync(
    file,
    [
      header,
      row(`Glass Harbour ${tag}`, known, 1200, '3.84'),
      row(`Copper Lantern ${tag}`, unknownA, 800, '2.56'),
      row(`Copper Lantern ${tag}`, unknownA, 100, '0.32'),
      row(`Something Else ${tag}`, unknownB, 50, '0.16'),
    ]
      .map((cells) => cells.join('\t'))
      .join('\n'),
  );

  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
  await page.getByRole('button', { name: 'Import statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import statement' });
  await dialog.getByLabel('Choose a statement file').setInputFiles(file);
  await expect(dialog.getByText('Detected: DistroKid')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Source' })).toHaveValue('distrokid');
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect(dialog).toBeHidden();

  // The import in the list: read as a job, its four lines, one matched by ISRC, the amount exact.
  const imported = page.getByRole('row').filter({ hasText: `distrokid-${tag}.tsv` });
  await expect(imported.getByText('Imported', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(imported).toContainText('4');
  await expect(imported).toContainText('25% matched');
  // 3.84 + 2.56 + 0.32 + 0.16 = 6.88
  await expect(imported).toContainText('USD 6.88');

  await page.getByRole('tab', { name: 'Unmatched' }).click();
  await expect(page).toHaveURL(/tab=unmatched/);
  await page.getByRole('searchbox', { name: 'Search unmatched lines' }).fill(tag);
  const groupA = page.getByRole('row').filter({ hasText: unknownA });
  const groupB = page.getByRole('row').filter({ hasText: unknownB });
  await expect(groupA).toContainText('USD 2.88');
  await expect(groupA).toContainText(`Looks like: Copper Lantern ${tag}`);

  // By suggestion: ticked, then accepted.
  await groupA.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Accept suggestions' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 lines matched.' })).toBeVisible();
  await expect(groupA).toHaveCount(0);

  // By search: the picker finds the recording by its title.
  await groupB.getByRole('button', { name: 'Resolve' }).click();
  const picker = page.getByRole('dialog', { name: `Resolve “${unknownB}”` });
  await picker.getByRole('searchbox', { name: 'Search recordings' }).fill(`Velvet Static ${tag}`);
  await picker.getByRole('radio', { name: new RegExp(`Velvet Static ${tag}`) }).check();
  await picker.getByRole('button', { name: 'Resolve' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '1 line matched.' })).toBeVisible();
  await expect(page.getByText(`No unmatched lines match “${tag}”`)).toBeVisible();

  // Both resolutions are remembered: the import now counts every line as matched.
  await page.getByRole('tab', { name: 'Imports' }).click();
  await expect(imported).toContainText('100% matched');
});

test('a period run again after an adjustment, approved and published; the payee opens the link; a payment recorded', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const token = await apiSignIn(request, DEMO_ADMIN, DEMO_PASSWORD);
  const deals = (await (await request.get('/api/v1/finance/deals', { headers: bearer(token) })).json()) as {
    rows: Array<{ id: string; payees: Array<{ payee_id: string; name: string }> }>;
  };
  const deal = deals.rows[0]!;
  const laura = deal.payees.find((p) => p.name === 'Laura Venn')!;
  const periods = (await (
    await request.get('/api/v1/finance/periods', { headers: bearer(token) })
  ).json()) as {
    rows: Array<{ id: string; name: string; status: string; start_month: string }>;
  };
  const toReview = periods.rows.find((p) => p.status === 'computed')!;
  // A bonus in the period under review, enough to clear the advance: Laura is then owed money.
  const bonus = await request.post(`/api/v1/finance/deals/${deal.id}/ledger`, {
    headers: bearer(token),
    data: {
      kind: 'adjustment',
      payee_id: laura.payee_id,
      amount: '500',
      currency: 'GBP',
      entry_date: `${toReview.start_month}-15`,
      reason: 'Sync licence share',
    },
  });
  expect(bonus.status(), await bonus.text()).toBe(201);

  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/finance?tab=statements');
  await page.getByRole('button', { name: toReview.name, exact: true }).click();
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row').filter({ hasText: 'Laura Venn' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('dialog', { name: `Publish ${toReview.name}?` });
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();

  // The payee's email holds a link that opens the statement without an account.
  const mail = await latestMail(request, 'laura@lumenvale.test', new RegExp(toReview.name));
  const link = mail.text.match(/https?:\/\/\S+\/statements\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, mail.text).toBeTruthy();
  const visitor = await browser.newContext();
  const portal = await visitor.newPage();
  await portal.goto(new URL(link!).pathname);
  await expect(portal.getByText('Laura Venn').first()).toBeVisible();
  await expect(portal.getByText(toReview.name).first()).toBeVisible();
  await expect(portal.getByRole('button', { name: /Download PDF/ })).toBeVisible();
  await visitor.close();

  // Laura is owed now: her payment is recorded and listed.
  await page.goto('/finance?tab=payments');
  const owed = page.getByRole('checkbox', { name: /Laura Venn/ });
  await expect(owed).toBeChecked();
  await page.getByRole('button', { name: 'Record payments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payments' });
  await dialog.getByRole('textbox', { name: 'Reference' }).fill('Royalties e2e');
  await dialog.getByRole('button', { name: 'Record payments' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /recorded/i })).toBeVisible();
  await expect(page.getByText('Royalties e2e')).toBeVisible();
});
