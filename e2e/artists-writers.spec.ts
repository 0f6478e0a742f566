import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, expect, signInAndWait, test } from './fixtures.ts';

/**
 * Artists & Writers (issue 14) in the browser: two records of one person, each credited on a
 * recording, merged from the person page; the kept page shows both recordings and every credited
 * name, and the duplicate's page is gone. On the demo label (Label plan, so it has the catalogue).
 */

const DEMO_ADMIN = 'admin@demo.test';
const DEMO_PASSWORD = 'demo-password';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function post<T>(request: APIRequestContext, token: string, path: string, data: object) {
  const res = await request.post(path, { data, headers: bearer(token) });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

test('a person page merges a duplicate of the same name: both recordings and every credited name stay', async ({
  page,
  request,
}) => {
  const token = await apiSignIn(request, DEMO_ADMIN, DEMO_PASSWORD);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const name = `Ivy Marlowe ${tag}`;
  const otherName = `Ivy M. ${tag}`;

  // The first record of her, added on the Artists tab.
  await signInAndWait(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/artists-writers');
  await expect(page.getByRole('heading', { level: 1, name: 'Artists & Writers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add person' }).click();
  const add = page.getByRole('dialog', { name: 'Add person' });
  await expect(add.getByRole('checkbox', { name: 'Artist', exact: true })).toBeChecked();
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await add.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const keptId = page.url().split('/').pop()!;

  // The second record of her, made elsewhere (the same name, another credited name).
  const duplicate = await post<{ id: string }>(request, token, '/api/v1/parties', {
    name,
    aliases: [otherName],
    roles: ['artist'],
  });
  for (const [partyId, title] of [
    [keptId, `Glasshouse ${tag}`],
    [duplicate.id, `Low Orbit ${tag}`],
  ] as const) {
    await post(request, token, '/api/v1/catalogue/recordings', {
      title,
      display_artist: name,
      artists: [{ party_id: partyId, role: 'primary' }],
    });
  }
  await page.reload();
  const recordings = page.getByRole('list', { name: 'Recordings' }).getByRole('listitem');
  await expect(recordings).toHaveText([new RegExp(`Glasshouse ${tag}`)]);

  // "Merge duplicate…": find the other record, confirm what moves.
  await page.getByRole('button', { name: 'Merge duplicate…' }).click();
  const merge = page.getByRole('dialog', { name: `Merge a duplicate into “${name}”` });
  await merge.getByRole('searchbox', { name: 'Find the duplicate' }).fill(tag);
  const matches = merge.getByRole('list', { name: 'Find the duplicate: matches' }).getByRole('button');
  // Only the other record: the person never merges into themself.
  await expect(matches).toHaveCount(1);
  await expect(matches).toHaveAccessibleName(`Merge ${name}`);
  await expect(matches).toHaveAccessibleDescription(`also ${otherName} · 1 recording · 0 works`);
  await matches.click();
  const confirm = page.getByRole('dialog', { name: `Merge “${name}” into “${name}”?` });
  await expect(confirm).toContainText('1 recording and 0 works');
  await confirm.getByRole('button', { name: `Merge into ${name}` }).click();
  await expect(page.getByText(`“${name}” was merged into “${name}”`)).toBeVisible();
  await expect(confirm).toHaveCount(0);

  // The kept page: both recordings, the other credited name (the same name not repeated).
  await expect(recordings).toHaveText([new RegExp(`Glasshouse ${tag}`), new RegExp(`Low Orbit ${tag}`)]);
  await expect(page.getByText(`Also credited as ${otherName}`, { exact: true })).toBeVisible();
  await page.reload();
  await expect(recordings).toHaveCount(2);
  await expect(page.getByText(`Also credited as ${otherName}`, { exact: true })).toBeVisible();

  // The duplicate's page is gone.
  await page.goto(`/artists-writers/${duplicate.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Person not found' })).toBeVisible();
  await expect(page.getByText('they may have been merged into another person or deleted')).toBeVisible();
});
