import { crc32, deflateSync } from 'node:zlib';
import { apiSignIn, expect, holdUploads, signInAndWait, test } from './fixtures.ts';

const DEMO_PASSWORD = 'demo-password';

/** A real one-colour RGB PNG; a few KB even at 3000 x 3000. */
function solidPng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([0x2b, 0x5a, 0xe0], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('release assets', () => {
  test('upload artwork with progress and see it refused when 1000 x 1000', async ({ page, request }) => {
    const token = await apiSignIn(request, 'admin@demo.test', DEMO_PASSWORD);
    const res = await request.get('/api/v1/songs?include_signed=true&limit=100', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { songs } = (await res.json()) as { songs: { id: string; title: string; status: string }[] };
    const song = songs.find((s) => s.title === 'Summer Static' && s.status === 'signed');
    expect(song, 'the demo label has the signed song Summer Static').toBeTruthy();

    // Each upload waits until the test has seen its progress (CI of 2026-11-27 failed here with a
    // fixed 700 ms hold).
    const letUploadFinish = await holdUploads(page, '**/storage/v1/object/**');

    await signInAndWait(page, 'admin@demo.test', DEMO_PASSWORD);
    await page.goto(`/signed-songs/${song!.id}/release-assets`);
    const artwork = page.getByRole('region', { name: 'Artwork' });
    await expect(
      artwork.getByText('Square, at least 3000 x 3000 px, RGB, JPEG or PNG.', { exact: false }),
    ).toBeVisible();

    const chooseFile = async (name: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await artwork.getByRole('button', { name: 'Upload', exact: true }).click();
      await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
    };

    await chooseFile('cover-1000.png', solidPng(1000));
    await expect(artwork.getByRole('progressbar', { name: 'Uploading cover-1000.png' })).toBeVisible();
    letUploadFinish();
    await expect(artwork.getByRole('alert')).toContainText(
      'The artwork is 1000 x 1000 px; it must be at least 3000 x 3000 px.',
      { timeout: 30_000 },
    );
    await expect(artwork.getByRole('progressbar')).toHaveCount(0);

    await chooseFile('cover-3000.png', solidPng(3000));
    await expect(artwork.getByRole('progressbar', { name: 'Uploading cover-3000.png' })).toBeVisible();
    letUploadFinish();
    await expect(artwork.getByText('3000 x 3000 px · RGB · PNG')).toBeVisible({ timeout: 30_000 });
    await expect(artwork.getByRole('alert')).toHaveCount(0);
    const preview = artwork.getByRole('img', { name: /^Artwork, version \d+$/ });
    await expect(preview).toBeVisible();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 })
      .toBe(3000);
    await expect(artwork.getByText('cover-3000.png', { exact: false })).toBeVisible();
  });
});
