import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  createLabelWithMembers,
  expect,
  type ServerCopy,
  signInAndWait,
  startServerCopy,
  test,
} from './fixtures.ts';

/**
 * Distribution (issue 15) in the browser: a release that readiness blocks ("feat." in its title),
 * fixed in the catalogue's drawer; delivered to a folder destination as a DDEX batch; turned live by
 * the distributor's acknowledgement; taken down and acknowledged again. The test plays the
 * distributor itself: it reads the batch from the destination's folder and writes the
 * acknowledgements into the folder the server polls.
 *
 * No API puts a new label on a plan with distribution, and the demo label's deliveries would go to
 * its own destination too: the test runs on a server of its own whose Starter plan has the
 * catalogue (and so distribution), with a fresh label made through the API.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type Json = Record<string, unknown>;

const LABEL_DPID = 'PADPIDA2026112601Q';
const DISTRIBUTOR_DPID = 'PADPIDA2007050901U';
const UPC = '5012345678900';

/** A 3000 × 3000 RGB PNG of one colour: signature, IHDR, one deflated IDAT, IEND. */
function makePng(size = 3000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // colour type 2: RGB
  // compression, filter and interlace methods: 0
  const row = Buffer.alloc(1 + size * 3); // filter type 0, then the pixels
  for (let x = 0; x < size; x++) row.set([0x2b, 0x4f, 0x6e], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 44.1 kHz 16-bit stereo PCM WAV: a 440 Hz tone at half volume, faded in and out over 50 ms. */
function makeStereoWav(seconds = 2.5): Buffer {
  const rate = 44_100;
  const frames = Math.round(seconds * rate);
  const dataBytes = frames * 4;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // the fmt chunk's size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(2, 22); // two channels
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 4, 28); // bytes per second
  wav.writeUInt16LE(4, 32); // bytes per frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  const fade = rate * 0.05;
  for (let i = 0; i < frames; i++) {
    const envelope = Math.min(1, i / fade, (frames - 1 - i) / fade);
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 0.5 * envelope * 32767);
    wav.writeInt16LE(sample, 44 + i * 4);
    wav.writeInt16LE(sample, 46 + i * 4);
  }
  return wav;
}

/** The distributor's answer to a batch: a DDEX FtpAcknowledgementMessage (ERN choreography). */
function acknowledgement(batch: string, fileStatus: string) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ernac:FtpAcknowledgementMessage xmlns:ernac="http://ddex.net/xml/ern-c/15" MessageVersionId="ern-c/15">',
    '  <MessageHeader>',
    `    <MessageThreadId>ACK-${batch}</MessageThreadId>`,
    `    <MessageId>ACK-${batch}</MessageId>`,
    `    <MessageSender><PartyId>${DISTRIBUTOR_DPID}</PartyId></MessageSender>`,
    `    <MessageRecipient><PartyId>${LABEL_DPID}</PartyId></MessageRecipient>`,
    `    <MessageCreatedDateTime>${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}</MessageCreatedDateTime>`,
    '  </MessageHeader>',
    `  <AcknowledgedFile>${batch}/${batch}.xml</AcknowledgedFile>`,
    `  <FileStatus>${fileStatus}</FileStatus>`,
    '</ernac:FtpAcknowledgementMessage>',
    '',
  ].join('\n');
}

/**
 * Puts an acknowledgement in the folder the server polls, whole: written under a name the poll
 * skips (it reads `.xml` files only), then renamed.
 */
function writeAcknowledgement(outbox: string, batch: string) {
  const folder = join(outbox, 'acknowledgements');
  mkdirSync(folder, { recursive: true });
  const draft = join(folder, `ack-${batch}.xml.draft`);
  writeFileSync(draft, acknowledgement(batch, 'FileOK'));
  renameSync(draft, join(folder, `ack-${batch}.xml`));
}

/** Creates a record through the API; answers its id. */
async function created(
  api: APIRequestContext,
  token: string,
  url: string,
  data: Json,
): Promise<{ id: string }> {
  const res = await api.post(url, { data, headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** A catalogue file the way the drawers upload it: a signed PUT URL, the bytes, then the attach. */
async function uploadFile(
  api: APIRequestContext,
  token: string,
  path: string,
  file: { filename: string; contentType: string; bytes: Buffer },
) {
  const presign = await api.post(`${path}/presign`, {
    data: { filename: file.filename, content_type: file.contentType, size_bytes: file.bytes.length },
    headers: bearer(token),
  });
  expect(presign.status(), await presign.text()).toBe(200);
  const target = (await presign.json()) as { key: string; upload_url: string; content_type: string };
  const put = await api.put(target.upload_url, {
    data: file.bytes,
    headers: { 'content-type': target.content_type },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const attach = await api.post(path, { data: { key: target.key }, headers: bearer(token) });
  expect(attach.status(), await attach.text()).toBe(200);
}

/**
 * A release ready for the stores but for "feat." in its title, one track with its work, master and
 * codes, and a folder destination; the label's DPID set.
 */
async function prepareLabel(api: APIRequestContext, folder: string) {
  const { admin } = await createLabelWithMembers(api, { name: 'Tidewater Records', members: 0 });
  const token = admin.token;
  const settings = await api.get('/api/v1/catalogue/settings', { headers: bearer(token) });
  expect(settings.status(), await settings.text()).toBe(200);
  const saved = await api.patch('/api/v1/catalogue/settings', {
    data: {
      ddex_dpid: LABEL_DPID,
      label_name: 'Tidewater Records',
      row_version: ((await settings.json()) as { row_version: number }).row_version,
    },
    headers: bearer(token),
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const writer = await created(api, token, '/api/v1/parties', { name: 'Ada Moss', roles: ['writer'] });
  const artist = await created(api, token, '/api/v1/parties', { name: 'Harbour Lights', roles: ['artist'] });
  const work = await created(api, token, '/api/v1/catalogue/works', {
    title: 'Low Tide',
    writers: [{ party_id: writer.id, role: 'composer_lyricist', share: 100 }],
  });
  const recording = await created(api, token, '/api/v1/catalogue/recordings', {
    title: 'Low Tide',
    display_artist: 'Harbour Lights',
    isrc: 'GBE2X2600001',
    language: 'en',
    genre: 'Folk',
    p_line_year: 2026,
    p_line_owner: 'Tidewater Records',
    work_id: work.id,
    artists: [{ party_id: artist.id, role: 'primary' }],
  });
  await uploadFile(api, token, `/api/v1/catalogue/recordings/${recording.id}/master`, {
    filename: 'low-tide.wav',
    contentType: 'audio/wav',
    bytes: makeStereoWav(),
  });
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const release = await created(api, token, '/api/v1/catalogue/releases', {
    title: 'Low Tide feat. Ada Moss',
    display_artist: 'Harbour Lights',
    release_type: 'single',
    upc: UPC,
    label_name: 'Tidewater Records',
    release_date: inAMonth,
    p_line_year: 2026,
    p_line_owner: 'Tidewater Records',
    c_line_year: 2026,
    c_line_owner: 'Tidewater Records',
    genre: 'Folk',
    tracks: [{ recording_id: recording.id }],
  });
  await uploadFile(api, token, `/api/v1/catalogue/releases/${release.id}/artwork`, {
    filename: 'cover.png',
    contentType: 'image/png',
    bytes: makePng(),
  });
  await created(api, token, '/api/v1/distribution/destinations', {
    name: 'Tidewater outbox',
    recipient_dpid: DISTRIBUTOR_DPID,
    recipient_name: 'Northwind Distribution',
    stores: ['spotify', 'deezer'],
    connection: { kind: 'folder', folder },
  });
  return { admin, releaseId: release.id };
}

/** A store's row in "Stores", and the status badge beside its name. */
function storeRow(page: Page, store: string) {
  const row = page
    .getByRole('list', { name: 'Stores' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: store, exact: true }) });
  return {
    row,
    status: row
      .getByRole('heading', { name: store, exact: true })
      .locator('xpath=following-sibling::span[1]'),
  };
}

/** The value a details list (dl) gives a term in `scope`. */
function detail(scope: Locator, term: string) {
  return scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

/** The delivery whose heading is `heading` ("Takedown to …"), and its message id (the batch's name). */
async function deliveryOf(page: Page, heading: string) {
  const item = page
    .getByRole('list', { name: 'Deliveries' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
  const message = item.getByText(/^Message \d+$/);
  await expect(message).toBeVisible();
  return { item, batch: (await message.textContent())!.replace(/^Message /, '') };
}

async function expectStores(page: Page, status: string) {
  for (const store of ['Deezer', 'Spotify']) {
    await expect(storeRow(page, store).status).toHaveText(status, { timeout: 20_000 });
  }
}

test.describe('distribution of a release', () => {
  let copy: ServerCopy;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    // The copy inherits this process's environment: the acknowledgement folders read every 2 s.
    const previous = process.env.DISTRIBUTION_ACK_POLL_SECONDS;
    process.env.DISTRIBUTION_ACK_POLL_SECONDS = '2';
    try {
      copy = await startServerCopy([
        `update subscription_plans set has_catalogue = true where name = 'Starter'`,
      ]);
    } finally {
      if (previous === undefined) delete process.env.DISTRIBUTION_ACK_POLL_SECONDS;
      else process.env.DISTRIBUTION_ACK_POLL_SECONDS = previous;
    }
  });
  test.afterAll(async () => {
    await copy?.stop();
  });

  test('blocked, fixed in the catalogue, delivered, live on the acknowledgement, then taken down', async ({
    browser,
    playwright,
  }) => {
    const folder = `e2e-outbox-${Date.now().toString(36)}-${process.pid}`;
    const api = await playwright.request.newContext({ baseURL: copy.baseURL });
    const { admin, releaseId } = await prepareLabel(api, folder);
    await api.dispose();

    const context = await browser.newContext({ baseURL: copy.baseURL });
    const page = await context.newPage();
    await signInAndWait(page, admin.email);

    // 1. Readiness blocks the release: "feat." in its title. "Deliver" cannot be pressed.
    await page.goto(`/distribution/track/${releaseId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Low Tide feat. Ada Moss' })).toBeVisible();
    const readiness = page.getByRole('region', { name: 'Readiness' });
    await expect(readiness.getByRole('heading', { name: 'Blocking problems (1)' })).toBeVisible({
      timeout: 20_000,
    });
    const problem = readiness.getByRole('listitem').filter({
      hasText:
        'The release title credits a featured artist (“feat.”): credit them as a featured artist instead.',
    });
    await expect(problem).toBeVisible();
    const deliver = page.getByRole('button', { name: 'Deliver', exact: true });
    await expect(deliver).toBeDisabled();
    await expect(
      page.getByText('This release has 1 blocking problem: fix it first (see Readiness).'),
    ).toBeVisible();

    // Its link opens the release in the catalogue; the title fixed there.
    await problem.getByRole('link', { name: 'Edit the release' }).click();
    const drawer = page.getByRole('dialog', { name: 'Low Tide feat. Ada Moss' });
    const title = drawer.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title).toHaveValue('Low Tide feat. Ada Moss');
    await title.fill('Low Tide');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Release saved')).toBeVisible();

    // Back on the release's distribution page: nothing blocks once the files are checked.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Low Tide', exact: true })).toBeVisible();
    await expect(readiness.getByRole('status').filter({ hasText: /^Checking \d+ files?…$/ })).toHaveCount(0, {
      timeout: 20_000,
    });
    await expect(readiness.getByRole('heading', { name: /^Blocking problems/ })).toHaveCount(0);
    await expect(
      readiness.getByText(
        'Nothing blocks a delivery. Look at the warnings: some stores refuse releases over them.',
      ),
    ).toBeVisible();
    await expect(deliver).toBeEnabled();

    // 2. Deliver: both stores queued, then delivered once the batch is complete.
    await deliver.click();
    await expect(page.getByText('New release queued for Tidewater outbox', { exact: true })).toBeVisible();
    await expectStores(page, 'Delivered');
    for (const store of ['Deezer', 'Spotify']) {
      const { row } = storeRow(page, store);
      await expect(detail(row, 'Queued')).toBeVisible();
      await expect(detail(row, 'Delivered')).toBeVisible();
    }
    const sent = await deliveryOf(page, 'New release to Tidewater outbox');
    await expect(sent.item.getByText('Delivered', { exact: true })).toBeVisible();

    // The batch as distributors take it: the ERN, the completion marker, and the files.
    const outbox = join(copy.dataDir, 'distribution', folder);
    expect(readdirSync(join(outbox, sent.batch)).sort()).toEqual([
      `${sent.batch}.xml`,
      `BatchComplete_${sent.batch}.xml`,
      'resources',
    ]);
    expect(readdirSync(join(outbox, sent.batch, 'resources')).sort()).toEqual([
      `${UPC}_01_001.wav`,
      `${UPC}_cover.png`,
    ]);

    // 3. The distributor accepts the batch: the stores are live within the poll interval.
    writeAcknowledgement(outbox, sent.batch);
    await expectStores(page, 'Live');

    // 4. Take down, confirmed: requested, delivered, then taken down on its acknowledgement.
    await page.getByRole('button', { name: 'Take down' }).click();
    const confirm = page.getByRole('dialog', { name: 'Take down “Low Tide”?' });
    await confirm.getByRole('button', { name: 'Take down' }).click();
    await expect(page.getByText('Takedown queued for Tidewater outbox', { exact: true })).toBeVisible();
    const takedown = await deliveryOf(page, 'Takedown to Tidewater outbox');
    await expect(takedown.item.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(takedown.batch).not.toBe(sent.batch);
    writeAcknowledgement(outbox, takedown.batch);
    await expectStores(page, 'Taken down');

    // The history keeps every step each store went through, newest first.
    const history = page.getByRole('list', { name: 'History' }).getByRole('listitem');
    for (const store of ['Deezer', 'Spotify']) {
      await expect(history.filter({ hasText: `${store} at Tidewater outbox` })).toHaveText([
        /^Tidewater outbox accepted the takedown \(FileOK\)\..*Delivered → Taken down$/,
        /^Takedown delivered to Tidewater outbox.*Takedown requested → Delivered$/,
        new RegExp(
          `^Takedown queued for Tidewater outbox \\(message ${takedown.batch}\\).*Live → Takedown requested`,
        ),
        /^Tidewater outbox accepted the new release \(FileOK\)\..*Delivered → Live$/,
        /^New release delivered to Tidewater outbox.*Queued → Delivered$/,
        new RegExp(`^New release queued for Tidewater outbox \\(message ${sent.batch}\\).*Queued`),
      ]);
    }
    await context.close();
  });
});
