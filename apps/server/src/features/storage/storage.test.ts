import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { createPublicLink } from '../../platform/public-links/public-links.ts';
import { HTML_PAGE, makeWav, makeWaveformJson, PNG_1X1 } from '../../platform/storage/test-media.ts';
import { adminWithLabel, authHeader, signUpConfirmed } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

let server: TestServer;
let dataDir: string;
let alice: Awaited<ReturnType<typeof adminWithLabel>>;
let bob: Awaited<ReturnType<typeof adminWithLabel>>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mr-storage-'));
  server = await createTestServer({ DATA_DIR: dataDir });
  alice = await adminWithLabel(server.app, 'Alice Records');
  bob = await adminWithLabel(server.app, 'Bob Beats');
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type User = { headers: { authorization: string } };
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const storedFiles = (dir = join(dataDir, 'storage', 'objects')): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? storedFiles(join(dir, e.name)) : [join(dir, e.name)],
      )
    : [];
const stagedFiles = () =>
  existsSync(join(dataDir, 'storage', 'tmp')) ? readdirSync(join(dataDir, 'storage', 'tmp')) : [];

function presignRaw(user: User | null, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/functions/v1/generate-presigned-url',
    headers: user ? user.headers : {},
    payload,
  });
}

async function presign(
  user: User,
  input: { type?: string; id?: string; filename: string; contentType: string },
) {
  const res = await presignRaw(user, { orgName: 'Some Label', type: 'audio', id: randomUUID(), ...input });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ success: true; data: { presignedUrl: string; key: string } }>().data;
}

function put(url: string, body: Buffer | Readable, contentType: string, app = server.app) {
  return app.inject({
    method: 'PUT',
    url: pathOf(url),
    headers: { 'content-type': contentType },
    payload: body,
  });
}

function signedUrlRaw(
  user: User | null,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return server.app.inject({
    method: 'POST',
    url: '/functions/v1/get-signed-url',
    headers: { ...(user ? user.headers : {}), ...headers },
    payload,
  });
}

async function signedUrl(user: User, fileKey: string, expiresIn?: number) {
  const res = await signedUrlRaw(user, { fileKey, ...(expiresIn ? { expiresIn } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ success: true; url: string; expiresAt: string }>();
}

async function uploadWav(user: User, wav = makeWav()) {
  const { presignedUrl, key } = await presign(user, { filename: 'demo.wav', contentType: 'audio/wav' });
  const res = await put(presignedUrl, wav, 'audio/wav');
  expect(res.statusCode, res.body).toBe(200);
  return { key, wav };
}

describe('upload through a presigned URL and read back through a signed URL', () => {
  it('stores a real WAV under the caller organization and serves it with safe headers', async () => {
    const songId = randomUUID();
    const wav = makeWav();
    const { presignedUrl, key } = await presign(alice, {
      id: songId,
      filename: 'Démo take #1 (final).wav',
      contentType: 'audio/wav',
    });
    expect(key).toBe(`${alice.organization.id}/audio/${songId}/Demo_take_1_final_.wav`);
    expect(presignedUrl.startsWith(`http://app.test/storage/v1/object/${key}?`)).toBe(true);

    const uploaded = await put(presignedUrl, wav, 'audio/wav');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toEqual({
      success: true,
      data: { key, size: wav.length, contentType: 'audio/wav' },
    });
    expect(readFileSync(join(dataDir, 'storage', 'objects', ...key.split('/')))).toEqual(wav);
    expect(stagedFiles()).toEqual([]);

    const before = Date.now();
    const signed = await signedUrl(alice, key);
    expect(Object.keys(signed).sort()).toEqual(['expiresAt', 'success', 'url']);
    expect(signed.success).toBe(true);
    const expiresAt = new Date(signed.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3599_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);

    const res = await server.app.inject({ method: 'GET', url: pathOf(signed.url) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(wav);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline; filename="Demo_take_1_final_.wav"');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(wav.length);
  });

  it('serves an image inline and a waveform JSON as an attachment, never as a page', async () => {
    const image = await presign(alice, { type: 'images', filename: 'cover.png', contentType: 'image/png' });
    expect((await put(image.presignedUrl, PNG_1X1, 'image/png')).statusCode).toBe(200);
    const img = await server.app.inject({
      method: 'GET',
      url: pathOf((await signedUrl(alice, image.key)).url),
    });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toBe('inline; filename="cover.png"');

    const waveform = await presign(alice, {
      type: 'waveforms',
      filename: 'demo.json',
      contentType: 'application/json',
    });
    const json = makeWaveformJson();
    expect((await put(waveform.presignedUrl, json, 'application/json')).statusCode).toBe(200);
    const wf = await server.app.inject({
      method: 'GET',
      url: pathOf((await signedUrl(alice, waveform.key)).url),
    });
    expect(wf.statusCode).toBe(200);
    expect(wf.json()).toEqual(JSON.parse(json.toString()));
    expect(wf.headers['content-type']).toBe('application/json');
    expect(wf.headers['content-disposition']).toBe('attachment; filename="demo.json"');
    expect(wf.headers['x-content-type-options']).toBe('nosniff');
  });

  it('confirms an upload (the step S3 needs) with its size and type', async () => {
    const { key, wav } = await uploadWav(alice);
    const res = await server.app.inject({
      method: 'POST',
      url: '/functions/v1/confirm-upload',
      headers: alice.headers,
      payload: { key },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { key, size: wav.length, contentType: 'audio/wav' } });
  });

  it('accepts URLs signed by another server copy on the same database (shared secret)', async () => {
    const { key, wav } = await uploadWav(alice);
    const other = await createTestServer({ DATA_DIR: dataDir }, server.database);
    try {
      const res = await other.app.inject({ method: 'GET', url: pathOf((await signedUrl(alice, key)).url) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(wav);
    } finally {
      await other.app.close();
    }
  });
});

describe('HTTP Range on a signed GET', () => {
  let url: string;
  let wav: Buffer;
  beforeAll(async () => {
    const up = await uploadWav(alice);
    wav = up.wav;
    url = pathOf((await signedUrl(alice, up.key)).url);
  });
  const get = (range: string) => server.app.inject({ method: 'GET', url, headers: { range } });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, -1],
    ['bytes=-50', -50, -1],
    ['bytes=10-999999999', 10, -1],
  ])('%s answers 206 with that slice', async (range, from, to) => {
    const start = from < 0 ? wav.length + from : from;
    const end = to < 0 ? wav.length - 1 : to;
    const res = await get(range);
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${wav.length}`);
    expect(Number(res.headers['content-length'])).toBe(end - start + 1);
    expect(res.rawPayload).toEqual(wav.subarray(start, end + 1));
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it.each([`bytes=${8000 * 10}-`, 'bytes=-0'])('%s is unsatisfiable: 416 with the size', async (range) => {
    const res = await get(range);
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${wav.length}`);
    expect(res.json()).toEqual({ error: { code: 'range_not_satisfiable', message: expect.any(String) } });
  });

  it('ignores a malformed or multi-part range and serves the whole file', async () => {
    for (const range of ['bytes=5-1', 'bytes=0-1,5-6', 'items=0-1']) {
      const res = await get(range);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(wav);
    }
  });
});

describe('signed URLs refuse what they were not signed for', () => {
  let key: string;
  beforeAll(async () => {
    key = (await uploadWav(alice)).key;
  });

  it('refuses an expired URL with 403', async () => {
    const { url } = await signedUrl(alice, key, 1);
    expect((await server.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    let res = await server.app.inject({ method: 'GET', url: pathOf(url) });
    while (res.statusCode === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      res = await server.app.inject({ method: 'GET', url: pathOf(url) });
    }
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'This link has expired.' } });
  });

  it('refuses a tampered signature, expiry or key with 403', async () => {
    const u = new URL((await signedUrl(alice, key)).url);
    const sig = u.searchParams.get('sig')!;
    const exp = u.searchParams.get('exp')!;

    const tampered = new URL(u);
    tampered.searchParams.set('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    const longer = new URL(u);
    longer.searchParams.set('exp', String(Number(exp) + 86_400));
    const otherKey = new URL(u);
    otherKey.pathname = otherKey.pathname.replace('/demo.wav', '/other.wav');
    const noSig = new URL(u);
    noSig.searchParams.delete('sig');

    for (const bad of [tampered, longer, otherKey, noSig]) {
      const res = await server.app.inject({ method: 'GET', url: `${bad.pathname}${bad.search}` });
      expect(res.statusCode, bad.toString()).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'This link is not valid.' } });
    }
  });

  it('does not accept a GET URL for an upload, nor an upload URL with another size limit', async () => {
    const getUrl = new URL((await signedUrl(alice, key)).url);
    const asPut = await put(getUrl.toString(), makeWav(), 'audio/wav');
    expect(asPut.statusCode).toBe(403);

    const { presignedUrl } = await presign(alice, { filename: 'x.wav', contentType: 'audio/wav' });
    const bigger = new URL(presignedUrl);
    bigger.searchParams.set('max', String(Number(bigger.searchParams.get('max')) * 2));
    expect((await put(bigger.toString(), makeWav(), 'audio/wav')).statusCode).toBe(403);
  });

  it('refuses an upload whose Content-Type is not the signed one', async () => {
    const { presignedUrl, key: k } = await presign(alice, { filename: 'x.wav', contentType: 'audio/wav' });
    const res = await put(presignedUrl, makeWav(), 'audio/mpeg');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(existsSync(join(dataDir, 'storage', 'objects', ...k.split('/')))).toBe(false);
  });
});

describe('content checks on upload', () => {
  it('refuses an HTML page renamed .mp3 with 415 and stores nothing', async () => {
    const before = storedFiles();
    const { presignedUrl, key } = await presign(alice, { filename: 'song.mp3', contentType: 'audio/mpeg' });
    const res = await put(presignedUrl, HTML_PAGE, 'audio/mpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: { code: 'unsupported_media_type', message: expect.any(String) } });
    expect(storedFiles()).toEqual(before);
    expect(stagedFiles()).toEqual([]);
    expect((await signedUrlRaw(alice, { fileKey: key })).statusCode).toBe(404);
  });

  it('refuses bytes that are not audio at all, and a PNG sent as audio', async () => {
    for (const body of [Buffer.from('just some text, not a sound'), PNG_1X1]) {
      const { presignedUrl } = await presign(alice, { filename: 'song.wav', contentType: 'audio/wav' });
      expect((await put(presignedUrl, body, 'audio/wav')).statusCode).toBe(415);
    }
    expect(stagedFiles()).toEqual([]);
  });

  it('refuses waveform JSON without a non-empty data array with the spec text', async () => {
    for (const body of ['{"version":1,"data":[]}', '{"version":1}', 'not json', '[1,2]']) {
      const { presignedUrl } = await presign(alice, {
        type: 'waveforms',
        filename: 'w.json',
        contentType: 'application/json',
      });
      const res = await put(presignedUrl, Buffer.from(body), 'application/json');
      expect(res.statusCode, body).toBe(415);
      expect(res.json().error.message).toBe('Invalid waveform data format');
    }
  });

  describe('with a small audio limit', () => {
    let small: TestServer;
    beforeAll(async () => {
      small = await createTestServer({ DATA_DIR: dataDir, STORAGE_MAX_AUDIO_BYTES: '4096' }, server.database);
    });
    afterAll(async () => {
      await small?.app.close();
    });

    async function presignSmall() {
      const res = await small.app.inject({
        method: 'POST',
        url: '/functions/v1/generate-presigned-url',
        headers: alice.headers,
        payload: {
          orgName: 'x',
          type: 'audio',
          id: randomUUID(),
          filename: 'big.wav',
          contentType: 'audio/wav',
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { presignedUrl: string; key: string };
    }

    it('refuses a file over the signed size with 413 (declared length) and stores nothing', async () => {
      const before = storedFiles();
      const { presignedUrl, key } = await presignSmall();
      expect(new URL(presignedUrl).searchParams.get('max')).toBe('4096');
      const res = await put(presignedUrl, makeWav(4000), 'audio/wav', small.app);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('payload_too_large');
      expect(storedFiles()).toEqual(before);
      expect((await signedUrlRaw(alice, { fileKey: key })).statusCode).toBe(404);
    });

    it('refuses a streamed body once it passes the limit (no length given) and keeps no partial file', async () => {
      const before = storedFiles();
      const { presignedUrl } = await presignSmall();
      const wav = makeWav(4000);
      const chunks = Array.from({ length: 8 }, (_, i) => wav.subarray(i * 1024, (i + 1) * 1024));
      const res = await put(presignedUrl, Readable.from(chunks), 'audio/wav', small.app);
      expect(res.statusCode).toBe(413);
      expect(storedFiles()).toEqual(before);
      expect(stagedFiles()).toEqual([]);
    });

    it('over a real socket: answers 413 mid-stream and accepts the next upload', async () => {
      const address = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const before = storedFiles();
      const wav = makeWav(4000);
      const send = async (body: Buffer | ReadableStream<Uint8Array>) => {
        const { presignedUrl } = await presignSmall();
        const u = new URL(presignedUrl);
        return fetch(`${address}${u.pathname}${u.search}`, {
          method: 'PUT',
          headers: { 'content-type': 'audio/wav' },
          body,
          duplex: 'half',
        } as RequestInit);
      };
      const streamed = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < wav.length; i += 1024) controller.enqueue(wav.subarray(i, i + 1024));
          controller.close();
        },
      });
      const refused = await send(streamed);
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
      const ok = await send(makeWav(1000));
      expect(ok.status).toBe(200);
      expect(storedFiles().length).toBe(before.length + 1);
      expect(stagedFiles()).toEqual([]);
    });

    it('still accepts a file within the limit', async () => {
      const { presignedUrl } = await presignSmall();
      expect((await put(presignedUrl, makeWav(1000), 'audio/wav', small.app)).statusCode).toBe(200);
    });
  });
});

describe('access to the functions', () => {
  it('answers 401 without a token, before looking at the body', async () => {
    for (const url of [
      '/functions/v1/generate-presigned-url',
      '/functions/v1/get-signed-url',
      '/functions/v1/confirm-upload',
    ]) {
      const res = await server.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('lets a metadata form link read its own song’s audio and waveform, and nothing else', async () => {
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: alice.organization.id,
      title: 'Player Song',
      artist: 'Someone',
      status: 'signed',
    });
    const { key: audioKey } = await uploadWav(alice);
    const { key: otherKey } = await uploadWav(alice);
    await server.database
      .asOwner('tests build rows directly')
      .execute(sql`update songs set audio_file_key = ${audioKey} where id = ${song.id}`);
    const issue = (expiresInMs: number) =>
      server.database.withOrg(alice.organization.id, async (tx) => {
        const [form] = await queryRows<{ id: string }>(
          tx,
          sql`insert into metadata_forms (organization_id, song_id) values (${alice.organization.id}, ${song.id}) returning id`,
        );
        return createPublicLink(tx, {
          organizationId: alice.organization.id,
          purpose: 'metadata_form',
          recordId: form!.id,
          ttlMs: expiresInMs,
          singleUse: false,
          createdBy: null,
        });
      });
    const { token } = await issue(60_000);
    const header = { 'x-metadata-form-token': token };

    const ok = await signedUrlRaw(null, { fileKey: audioKey }, header);
    expect(ok.statusCode, ok.body).toBe(200);
    const download = await server.app.inject({ method: 'GET', url: pathOf(ok.json().url) });
    expect(download.statusCode).toBe(200);
    // Another file of the same label, and another label's file: as if missing.
    expect((await signedUrlRaw(null, { fileKey: otherKey }, header)).statusCode).toBe(404);
    const { key: bobsKey } = await uploadWav(bob);
    expect((await signedUrlRaw(null, { fileKey: bobsKey }, header)).statusCode).toBe(404);

    // Unknown, malformed and expired tokens read nothing.
    const unknown = await signedUrlRaw(
      null,
      { fileKey: audioKey },
      { 'x-metadata-form-token': 'some-token' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(PUBLIC_LINK_MESSAGES.not_found);
    const { token: expired } = await issue(-1000);
    const gone = await signedUrlRaw(null, { fileKey: audioKey }, { 'x-metadata-form-token': expired });
    expect(gone.statusCode).toBe(410);
    // A bearer token, when present, is the credential that counts.
    expect((await signedUrlRaw(bob, { fileKey: audioKey }, header)).statusCode).toBe(404);
  });

  it('answers 403 to a signed-in user without a label', async () => {
    const loner = await signUpConfirmed(server.app);
    const res = await presignRaw(loner, {
      type: 'audio',
      id: 'x',
      filename: 'a.wav',
      contentType: 'audio/wav',
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['no filename', { type: 'audio', id: 'song-1', contentType: 'audio/wav' }],
    ['an unknown type', { type: 'video', id: 'song-1', filename: 'a.mp4', contentType: 'video/mp4' }],
    // Assets, project files and contract PDFs have their own routes (plan storage limit, checks).
    ['an asset type', { type: 'assets', id: 'song-1', filename: 'a.png', contentType: 'image/png' }],
    [
      'a project file type',
      { type: 'files', id: 'song-1', filename: 'a.pdf', contentType: 'application/pdf' },
    ],
    [
      'a server-written type',
      { type: 'documents', id: 'song-1', filename: 'a.pdf', contentType: 'application/pdf' },
    ],
    ['an id with a slash', { type: 'audio', id: '../etc', filename: 'a.wav', contentType: 'audio/wav' }],
    ['an image type for audio', { type: 'audio', id: 'song-1', filename: 'a.wav', contentType: 'image/png' }],
    ['HTML as an image', { type: 'images', id: 'song-1', filename: 'a.png', contentType: 'text/html' }],
    ['a name with nothing usable', { type: 'audio', id: 'song-1', filename: '..', contentType: 'audio/wav' }],
  ])('refuses a presign body with %s (400)', async (_label, payload) => {
    const res = await presignRaw(alice, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it.each([
    ['no fileKey', {}],
    ['expiresIn 0', { fileKey: 'a/b/c/d', expiresIn: 0 }],
    ['expiresIn over a day', { fileKey: 'a/b/c/d', expiresIn: 86_401 }],
    ['expiresIn as text', { fileKey: 'a/b/c/d', expiresIn: 'soon' }],
  ])('refuses a get-signed-url body with %s (400)', async (_label, payload) => {
    const res = await signedUrlRaw(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it("answers 404 for another organization's file, exactly as for a missing one", async () => {
    const { key } = await uploadWav(alice);
    const foreign = await signedUrlRaw(bob, { fileKey: key });
    const missing = await signedUrlRaw(bob, { fileKey: `${bob.organization.id}/audio/nope/missing.wav` });
    for (const res of [foreign, missing]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'File not found' } });
    }
    const confirm = await server.app.inject({
      method: 'POST',
      url: '/functions/v1/confirm-upload',
      headers: bob.headers,
      payload: { key },
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('answers 404 for keys the server could not have built', async () => {
    for (const fileKey of [
      '../../etc/passwd',
      `${alice.organization.id}/audio/../x.wav`,
      `${alice.organization.id}/audio/a/b/c.wav`,
    ]) {
      const res = await signedUrlRaw(alice, { fileKey });
      expect(res.statusCode, fileKey).toBe(404);
    }
  });

  it('builds the key from the caller organization whatever orgName says', async () => {
    const res = await presignRaw(alice, {
      orgName: bob.organization.name,
      type: 'audio',
      id: 'song-1',
      filename: 'a.wav',
      contentType: 'audio/wav',
    });
    expect(res.json().data.key).toBe(`${alice.organization.id}/audio/song-1/a.wav`);
  });

  it('uses the bearer token for get-signed-url with a member of the label', async () => {
    const { key } = await uploadWav(alice);
    const res = await signedUrlRaw({ headers: authHeader(alice.token) }, { fileKey: key, expiresIn: 60 });
    expect(res.statusCode).toBe(200);
  });
});
