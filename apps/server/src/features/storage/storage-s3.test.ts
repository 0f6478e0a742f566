import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../platform/storage/finalize-upload.ts';
import { HTML_PAGE, makeWav, makeWaveformJson } from '../../platform/storage/test-media.ts';
import { adminWithLabel } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

// The S3 driver against s3rver, a local S3-compatible server (ARCHITECTURE.md section 10): real
// presigned URLs, fetched over real HTTP, then confirmed by the app.
const BUCKET = 'mr-test';
const AUDIO_LIMIT = 64 * 1024;

let s3: S3rver;
let s3Dir: string;
let dataDir: string;
let server: TestServer;
let alice: Awaited<ReturnType<typeof adminWithLabel>>;
let bob: Awaited<ReturnType<typeof adminWithLabel>>;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'mr-s3rver-'));
  dataDir = mkdtempSync(join(tmpdir(), 'mr-storage-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  server = await createTestServer({
    DATA_DIR: dataDir,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    STORAGE_MAX_AUDIO_BYTES: String(AUDIO_LIMIT),
  });
  alice = await adminWithLabel(server.app);
  bob = await adminWithLabel(server.app);
});
afterAll(async () => {
  await server?.ctx.storage.driver.close?.();
  await server?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

type User = { headers: { authorization: string } };
const post = (user: User, url: string, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url, headers: user.headers, payload });

async function presignAndPut(
  user: User,
  body: Buffer,
  input: { type?: string; filename: string; contentType: string },
) {
  const res = await post(user, '/functions/v1/generate-presigned-url', {
    orgName: 'Label',
    type: 'audio',
    id: randomUUID(),
    ...input,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { presignedUrl, key } = res.json().data as { presignedUrl: string; key: string };
  const put = await fetch(presignedUrl, {
    method: 'PUT',
    body,
    headers: { 'content-type': input.contentType },
  });
  expect(put.status, await put.text()).toBe(200);
  return { presignedUrl, key };
}
const confirm = (user: User, key: string) => post(user, '/functions/v1/confirm-upload', { key });
const signedUrl = (user: User, fileKey: string) => post(user, '/functions/v1/get-signed-url', { fileKey });

describe('S3 driver (s3rver)', () => {
  it('selects the S3 driver and does not serve local object URLs', async () => {
    expect(server.ctx.storage.driver.kind).toBe('s3');
    const res = await server.app.inject({ method: 'GET', url: '/storage/v1/object/a/b/c/d?exp=1&sig=x' });
    expect(res.statusCode).toBe(404);
  });

  it('uploads a WAV by presigned PUT, confirms it, and serves it by presigned GET with Range', async () => {
    const wav = makeWav();
    const { presignedUrl, key } = await presignAndPut(alice, wav, {
      filename: 'Demo 1.wav',
      contentType: 'audio/wav',
    });
    expect(key).toMatch(new RegExp(`^${alice.organization.id}/audio/[0-9a-f-]{36}/Demo_1\\.wav$`));
    expect(new URL(presignedUrl).searchParams.get('X-Amz-Signature')).toBeTruthy();
    expect(new URL(presignedUrl).searchParams.has('x-amz-checksum-crc32')).toBe(false);

    const confirmed = await confirm(alice, key);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      data: { key, size: wav.length, contentType: 'audio/wav' },
    });

    const signed = await signedUrl(alice, key);
    expect(signed.statusCode).toBe(200);
    const { url, expiresAt, success } = signed.json();
    expect(success).toBe(true);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 3500_000);

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(wav);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('content-disposition')).toBe('inline; filename="Demo_1.wav"');

    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${wav.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(wav.subarray(100, 200));
  });

  it('signs the Content-Type into the presigned PUT, so the store refuses another type', async () => {
    // s3rver accepts any presigned signature, so this checks what real S3 enforces: the URL's
    // signed headers include content-type (by default the SDK signs only host).
    const res = await post(alice, '/functions/v1/generate-presigned-url', {
      type: 'audio',
      id: 'song-1',
      filename: 'a.wav',
      contentType: 'audio/wav',
    });
    const url = new URL(res.json().data.presignedUrl);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
  });

  it('deletes an HTML page uploaded as .mp3 when it is confirmed (415)', async () => {
    const { key } = await presignAndPut(alice, HTML_PAGE, {
      filename: 'song.mp3',
      contentType: 'audio/mpeg',
    });
    expect(await server.ctx.storage.driver.head(key)).not.toBeNull();
    const res = await confirm(alice, key);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
    expect(await server.ctx.storage.driver.head(key)).toBeNull();
    expect((await signedUrl(alice, key)).statusCode).toBe(404);
  });

  it('deletes a file over the size limit when it is confirmed (413)', async () => {
    const big = makeWav(AUDIO_LIMIT); // two bytes a sample: twice the limit
    const { key } = await presignAndPut(alice, big, { filename: 'big.wav', contentType: 'audio/wav' });
    const res = await confirm(alice, key);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(await server.ctx.storage.driver.head(key)).toBeNull();
  });

  it('checks waveform JSON after upload too', async () => {
    const good = await presignAndPut(alice, makeWaveformJson(), {
      type: 'waveforms',
      filename: 'w.json',
      contentType: 'application/json',
    });
    expect((await confirm(alice, good.key)).statusCode).toBe(200);
    const url = (await signedUrl(alice, good.key)).json().url as string;
    const res = await fetch(url);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="w.json"');

    const bad = await presignAndPut(alice, Buffer.from('{"data":[]}'), {
      type: 'waveforms',
      filename: 'w.json',
      contentType: 'application/json',
    });
    const refused = await confirm(alice, bad.key);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.message).toBe('Invalid waveform data format');
  });

  it("answers 404 for another organization's key and never confirms or deletes it", async () => {
    const { key } = await presignAndPut(alice, makeWav(), { filename: 'a.wav', contentType: 'audio/wav' });
    expect((await signedUrl(bob, key)).statusCode).toBe(404);
    expect((await confirm(bob, key)).statusCode).toBe(404);
    expect(await server.ctx.storage.driver.head(key)).not.toBeNull();
  });

  it('puts, reads ranges of, and deletes objects through the driver itself', async () => {
    const driver = server.ctx.storage.driver;
    const key = `${alice.organization.id}/images/x/cover.png`;
    const bytes = Buffer.from('0123456789');
    expect(await driver.put(key, bytes, { contentType: 'image/png' })).toEqual({
      size: 10,
      contentType: 'image/png',
    });
    expect(await driver.head(key)).toEqual({ size: 10, contentType: 'image/png' });
    const part = await driver.getStream(key, { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect(part?.range).toEqual({ start: 2, end: 5 });
    expect((await readStream(part!.body)).toString()).toBe('2345');
    await driver.delete(key);
    expect(await driver.head(key)).toBeNull();
    expect(await driver.getStream(key)).toBeNull();
  });
});
