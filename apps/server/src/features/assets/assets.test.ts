import type { AssetVersionDto, PresignedUploadDto, SongAssetsDto } from '@music-review/core/assets';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import {
  HTML_PAGE,
  makeAiff,
  makeFlacHeader,
  makeJpegHeader,
  makePng,
  makeWavWith,
} from '../../platform/storage/test-media.ts';
import { adminWithLabel } from '../../test/api-helpers.ts';
import { createFileTestServer, injectAs, putPresigned, storagePath } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSignedSong } from '../../test/songs.ts';

type Who = { token: string; organization: { id: string } };

describe('release and artist assets', () => {
  let server: TestServer;
  let ada: Who;
  let outsider: Who;
  let songId: string;
  let artwork3000: Buffer;

  const api = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(server, who, method, url, payload);

  /** Presign, PUT the bytes, confirm: the browser's three steps. Returns the confirm response. */
  async function upload(
    who: Who,
    song: string,
    kind: string,
    filename: string,
    contentType: string,
    body: Buffer,
  ) {
    const presign = await api(who, 'POST', `/api/v1/songs/${song}/assets/uploads`, {
      kind,
      filename,
      content_type: contentType,
      size_bytes: body.length,
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const presigned = presign.json<PresignedUploadDto>();
    const put = await putPresigned(server, presigned, body);
    expect(put.statusCode, put.body).toBe(200);
    const { key } = presigned;
    const confirm = await api(who, 'POST', `/api/v1/songs/${song}/assets`, { key });
    return { confirm, key };
  }

  const list = async (who: Who, song = songId) => {
    const res = await api(who, 'GET', `/api/v1/songs/${song}/assets`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SongAssetsDto>();
  };
  const versionsOf = (assets: SongAssetsDto, kind: string) =>
    assets.kinds.find((k) => k.kind === kind)!.versions;

  beforeAll(async () => {
    server = await createFileTestServer('assets');
    ada = await adminWithLabel(server.app, 'Assets Label');
    outsider = await adminWithLabel(server.app, 'Assets Elsewhere');
    const song = await insertSignedSong(server, ada.organization.id, {
      title: 'Summer Static',
      artist: 'Juno Park',
    });
    songId = song.id;
    artwork3000 = makePng(3000, 3000);
  });
  afterAll(() => server.close());

  it('accepts 3000 x 3000 RGB artwork, records its checks and storage, and refuses 1000 x 1000 with the reason', async () => {
    const small = await upload(ada, songId, 'artwork', 'cover small.png', 'image/png', makePng(1000, 1000));
    expect(small.confirm.statusCode).toBe(415);
    expect(small.confirm.json().error.message).toBe(
      'The artwork is 1000 x 1000 px; it must be at least 3000 x 3000 px.',
    );
    // The refused file is gone.
    expect(await server.ctx.storage.driver.head(small.key)).toBeNull();

    const { confirm, key } = await upload(ada, songId, 'artwork', 'cover.png', 'image/png', artwork3000);
    expect(confirm.statusCode, confirm.body).toBe(201);
    expect(confirm.json<AssetVersionDto>()).toMatchObject({
      kind: 'artwork',
      scope: 'release',
      version: 1,
      summary: '3000 x 3000 px · RGB · PNG',
      is_current: true,
    });
    const usage = await queryRows<{ file_size_bytes: string }>(
      server.database.global,
      sql`select file_size_bytes from storage_usage where file_key = ${key}`,
    );
    expect(Number(usage[0]?.file_size_bytes)).toBe(artwork3000.length);
    // The download link serves the file.
    const download = await server.app.inject({
      method: 'GET',
      url: storagePath(confirm.json<AssetVersionDto>().url),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(artwork3000)).toBe(true);
  });

  it('refuses CMYK and greyscale artwork, and an image that is not what it claims', async () => {
    const cmyk = await upload(
      ada,
      songId,
      'artwork',
      'cmyk.jpg',
      'image/jpeg',
      makeJpegHeader(3000, 3000, { components: 4 }),
    );
    expect(cmyk.confirm.statusCode).toBe(415);
    expect(cmyk.confirm.json().error.message).toBe('The artwork is CMYK; it must be RGB.');
    const grey = await upload(ada, songId, 'artwork', 'grey.png', 'image/png', makePng(3000, 3000, 0));
    expect(grey.confirm.json().error.message).toBe('The artwork is greyscale; it must be RGB.');
    // A master declared as an image is refused before any upload.
    const wrong = await api(ada, 'POST', `/api/v1/songs/${songId}/assets/uploads`, {
      kind: 'master',
      filename: 'master.png',
      content_type: 'image/png',
      size_bytes: 10,
    });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().error.message).toContain('Final master');
  });

  it('checks masters from the header: 8-bit and 22.05 kHz WAV refused; FLAC, AIFF and extensible WAV accepted', async () => {
    const eightBit = await upload(
      ada,
      songId,
      'master',
      'm8.wav',
      'audio/wav',
      makeWavWith({ bits: 8, sampleRate: 44_100 }),
    );
    expect(eightBit.confirm.statusCode).toBe(415);
    expect(eightBit.confirm.json().error.message).toBe('The master is 8-bit; it must be at least 16-bit.');
    const lowRate = await upload(
      ada,
      songId,
      'master',
      'm22.wav',
      'audio/wav',
      makeWavWith({ sampleRate: 22_050 }),
    );
    expect(lowRate.confirm.json().error.message).toBe(
      'The master is 22.05 kHz; it must be at least 44.1 kHz.',
    );

    const flac = await upload(
      ada,
      songId,
      'master',
      'master.flac',
      'audio/flac',
      makeFlacHeader({ bits: 24, sampleRate: 48_000 }),
    );
    expect(flac.confirm.statusCode, flac.confirm.body).toBe(201);
    expect(flac.confirm.json<AssetVersionDto>()).toMatchObject({
      version: 1,
      summary: '24-bit · 48 kHz · FLAC',
    });
    const wav = await upload(
      ada,
      songId,
      'master',
      'master.wav',
      'audio/wav',
      makeWavWith({ bits: 24, sampleRate: 96_000, extensible: true, listChunk: true }),
    );
    expect(wav.confirm.json<AssetVersionDto>()).toMatchObject({
      version: 2,
      summary: '24-bit · 96 kHz · WAV',
    });
    const aiff = await upload(
      ada,
      songId,
      'instrumental',
      'inst.aif',
      'audio/aiff',
      makeAiff({ sampleRate: 44_100, bits: 16 }),
    );
    expect(aiff.confirm.json<AssetVersionDto>()).toMatchObject({
      kind: 'instrumental',
      summary: '16-bit · 44.1 kHz · AIFF',
    });
  });

  it('keeps every upload as a version, newest current, and restores an older one as current', async () => {
    const before = versionsOf(await list(ada), 'master');
    expect(before.map((v) => [v.version, v.is_current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const first = before.find((v) => v.version === 1)!;
    const restored = await api(ada, 'POST', `/api/v1/songs/${songId}/assets/${first.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json<AssetVersionDto>()).toMatchObject({
      version: 3,
      restored_from: 1,
      summary: '24-bit · 48 kHz · FLAC',
    });
    expect(versionsOf(await list(ada), 'master')[0]).toMatchObject({ version: 3, is_current: true });
  });

  it('saves a typed bio and refuses HTML as a bio or a too-large file', async () => {
    const bio = await api(ada, 'POST', `/api/v1/songs/${songId}/assets/bio-text`, {
      text: 'Juno Park makes bright synth-pop.',
    });
    expect(bio.statusCode, bio.body).toBe(201);
    expect(bio.json<AssetVersionDto>()).toMatchObject({ kind: 'bio', scope: 'artist', summary: 'Text' });

    const presign = await api(ada, 'POST', `/api/v1/songs/${songId}/assets/uploads`, {
      kind: 'bio',
      filename: 'bio.txt',
      content_type: 'text/plain',
      size_bytes: HTML_PAGE.length,
    });
    const put = await putPresigned(server, presign.json<PresignedUploadDto>(), HTML_PAGE);
    expect(put.statusCode).toBe(415);
    const html = await api(ada, 'POST', `/api/v1/songs/${songId}/assets/uploads`, {
      kind: 'bio',
      filename: 'bio.html',
      content_type: 'text/html',
      size_bytes: 100,
    });
    expect(html.statusCode).toBe(415);

    const huge = await api(ada, 'POST', `/api/v1/songs/${songId}/assets/uploads`, {
      kind: 'artwork',
      filename: 'huge.png',
      content_type: 'image/png',
      size_bytes: 10 * 1024 * 1024 * 1024,
    });
    expect(huge.statusCode).toBe(413);
  });

  it('marks the release ready only with accepted artwork, master and a confirmed metadata form; unmarks', async () => {
    const refused = await api(ada, 'PUT', `/api/v1/songs/${songId}/release-readiness`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The release cannot be marked ready yet. Missing: a confirmed metadata form.',
    );
    expect((await list(ada)).readiness).toMatchObject({ is_ready: false, missing: ['metadata'] });

    await server.database.global.execute(
      sql`insert into metadata_forms (organization_id, song_id, status) values (${ada.organization.id}, ${songId}, 'confirmed')`,
    );
    const ready = await api(ada, 'PUT', `/api/v1/songs/${songId}/release-readiness`);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ is_ready: true, missing: [], metadata_confirmed: true });
    const unmarked = await api(ada, 'DELETE', `/api/v1/songs/${songId}/release-readiness`);
    expect(unmarked.json()).toMatchObject({ is_ready: false });
  });

  it('refuses uploads over the plan’s storage limit with the plan’s numbers', async () => {
    await server.database.global.execute(
      sql`insert into storage_usage (organization_id, file_key, file_size_bytes, file_type)
          values (${ada.organization.id}, ${`${ada.organization.id}/files/filler/big.bin`}, 1073741000, 'filler')`,
    );
    const res = await api(ada, 'POST', `/api/v1/songs/${songId}/assets/uploads`, {
      kind: 'artwork',
      filename: 'cover.png',
      content_type: 'image/png',
      size_bytes: 10_000,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(
      /^This upload would go over your Starter plan's 1 GB of storage \(1 GB used\)\./,
    );
    await server.database.global.execute(sql`delete from storage_usage where file_type = 'filler'`);
  });

  it('answers 404 for another label’s song, asset and file key', async () => {
    const assets = await list(ada);
    const artwork = versionsOf(assets, 'artwork')[0]!;
    expect((await api(outsider, 'GET', `/api/v1/songs/${songId}/assets`)).statusCode).toBe(404);
    expect((await api(outsider, 'PUT', `/api/v1/songs/${songId}/release-readiness`)).statusCode).toBe(404);
    expect(
      (await api(outsider, 'POST', `/api/v1/songs/${songId}/assets/${artwork.id}/restore`)).statusCode,
    ).toBe(404);
    const theirSong = await insertSignedSong(server, outsider.organization.id, {
      title: 'Theirs',
      artist: 'Someone',
    });
    // Ada's asset through the outsider's own song, and Ada's file key confirmed by the outsider.
    expect(
      (await api(outsider, 'POST', `/api/v1/songs/${theirSong.id}/assets/${artwork.id}/restore`)).statusCode,
    ).toBe(404);
    const key = new URL(artwork.url).pathname.replace('/storage/v1/object/', '');
    const stolen = await api(outsider, 'POST', `/api/v1/songs/${theirSong.id}/assets`, {
      key: decodeURIComponent(key),
    });
    expect(stolen.statusCode).toBe(404);
    const other = await api(outsider, 'POST', `/api/v1/songs/${songId}/assets`, {
      key: decodeURIComponent(key),
    });
    expect(other.statusCode).toBe(404);
  });
  it('seeds demo assets and a demo project folder that list like uploaded ones', async () => {
    const { seedAssetsDemo } = await import('./assets.demo.ts');
    const { seedProjectFolderDemo } = await import('../project-folder/project-folder.demo.ts');
    const song = await insertSignedSong(server, ada.organization.id, {
      title: 'Demo Song',
      artist: 'Demo Artist',
    });
    const input = {
      organizationId: ada.organization.id,
      songs: [{ id: song.id, title: song.title, artist: song.artist }],
      reviewers: [{ id: (ada as unknown as { reviewer: { id: string } }).reviewer.id, name: 'Ada' }],
    };
    await server.database.withOrg(ada.organization.id, async (tx) => {
      await seedAssetsDemo(tx, input, server.ctx.storage.driver);
      await seedProjectFolderDemo(tx, input, server.ctx.storage.driver);
    });
    const assets = await list(ada, song.id);
    expect(versionsOf(assets, 'artwork')[0]).toMatchObject({
      summary: '3000 x 3000 px · RGB · PNG',
      is_current: true,
    });
    expect(versionsOf(assets, 'master')[0]).toMatchObject({ summary: '16-bit · 44.1 kHz · WAV' });
    const folder = await api(ada, 'GET', `/api/v1/songs/${song.id}/project-folder`);
    expect(
      folder
        .json()
        .files.map((f: { name: string }) => f.name)
        .sort(),
    ).toEqual(['Cover draft.png', 'Rough mix v2.wav', 'Session notes.pdf']);
  });
});
