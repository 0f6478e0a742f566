import type { AssetVersionDto, PresignedUploadDto } from '@music-review/core/assets';
import { CATALOGUE_FILE_MESSAGES, CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { RecordingDto, ReleaseDto } from '@music-review/core/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { makePng, makeWavWith } from '../../platform/storage/test-media.ts';
import { adminWithLabel, memberOf, setPlan } from '../../test/api-helpers.ts';
import { createFileTestServer, putPresigned, storagePath } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSignedSong } from '../../test/songs.ts';
import { effectiveReleaseFiles } from './catalogue-files.service.ts';
import { recordSignedSongs } from './catalogue-sync.service.ts';

type Who = { headers: { authorization: string } };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const RELEASES = '/api/v1/catalogue/releases';
const RECORDINGS = '/api/v1/catalogue/recordings';

describe('catalogue files: a release’s artwork and a recording’s master', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let colleague: Who;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let starter: Awaited<ReturnType<typeof adminWithLabel>>;
  let artwork3000: Buffer;
  let master24: Buffer;

  const call = async <T>(method: Method, url: string, payload?: unknown, who: Who = admin) => {
    const res = await server.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json<T & ErrorBody>() };
  };
  const owner = () => server.database.asOwner('tests build rows directly');
  const head = (key: string) => server.ctx.storage.driver.head(key);
  const usageOf = async (key: string) => {
    const rows = await queryRows<{ file_size_bytes: string }>(
      owner(),
      sql`select file_size_bytes from storage_usage where file_key = ${key}`,
    );
    return rows.map((r) => Number(r.file_size_bytes));
  };
  /** GETs a signed link of an answer and returns the bytes it serves. */
  const download = async (url: string | null) => {
    expect(url).not.toBeNull();
    const res = await server.app.inject({ method: 'GET', url: storagePath(url!) });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  /** The browser's first two steps: presign, then the PUT. Returns the key to attach. */
  async function upload(
    path: string,
    filename: string,
    contentType: string,
    bytes: Buffer,
    who: Who = admin,
  ): Promise<string> {
    const presign = await call<PresignedUploadDto>(
      'POST',
      `${path}/presign`,
      { filename, content_type: contentType, size_bytes: bytes.length },
      who,
    );
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const put = await putPresigned(server, presign.body, bytes);
    expect(put.statusCode, put.body).toBe(200);
    return presign.body.key;
  }
  const newRecording = async (title: string) => {
    const res = await call<RecordingDto>('POST', RECORDINGS, { title, display_artist: 'Nova Lane' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const newRelease = async (title: string, tracks: { recording_id: string; disc_number: number }[]) => {
    const res = await call<ReleaseDto>('POST', RELEASES, { title, display_artist: 'Nova Lane', tracks });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    server = await createFileTestServer('catalogue-files');
    [admin, outsider, starter] = await Promise.all([
      adminWithLabel(server.app, 'Files Label'),
      adminWithLabel(server.app, 'Files Elsewhere'),
      adminWithLabel(server.app, 'Files Starter'),
    ]);
    colleague = await memberOf(server.app, admin.inviteCode);
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Label');
    await setPlan(server.database, starter.organization.id, 'Starter');
    artwork3000 = makePng(3000, 3000);
    master24 = makeWavWith({ bits: 24, sampleRate: 48_000, channels: 2 });
  });
  afterAll(() => server?.close());

  it('attaches 3000 x 3000 artwork to a release, and refuses 1000 x 1000 with the reason', async () => {
    const release = await newRelease('Paper Lanterns', []);
    const path = `${RELEASES}/${release.id}/artwork`;

    const key = await upload(path, 'cover art.png', 'image/png', artwork3000);
    expect(key).toMatch(
      new RegExp(
        `^${admin.organization.id}/assets/release_${release.id}_artwork_[0-9a-f]{12}/cover_art\\.png$`,
      ),
    );
    const attached = await call<ReleaseDto>('POST', path, { key });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body).toMatchObject({
      id: release.id,
      artwork_key: key,
      artwork_source: 'release',
      row_version: release.row_version + 1,
    });
    expect((await download(attached.body.artwork_url)).equals(artwork3000)).toBe(true);
    expect(attached.body.audit[0]).toMatchObject({
      action: 'attach_artwork',
      changes: { artwork_key: [null, key], file: '3000 x 3000 px · RGB · PNG' },
    });
    expect(await usageOf(key)).toEqual([artwork3000.length]);
    // Attaching the same file again (a retried request) changes nothing.
    const again = await call<ReleaseDto>('POST', path, { key });
    expect(again.status).toBe(200);
    expect(again.body.row_version).toBe(release.row_version + 1);

    const smallKey = await upload(path, 'small.png', 'image/png', makePng(1000, 1000));
    const small = await call('POST', path, { key: smallKey });
    expect(small.status).toBe(415);
    const reason = 'The artwork is 1000 x 1000 px; it must be at least 3000 x 3000 px.';
    expect(small.body.error).toEqual({
      code: 'unsupported_media_type',
      message: reason,
      fields: { key: reason },
    });
    // The refused file is gone, and the release still has its artwork.
    expect(await head(smallKey)).toBeNull();
    const after = await call<ReleaseDto>('GET', `${RELEASES}/${release.id}`);
    expect(after.body).toMatchObject({ artwork_key: key, row_version: release.row_version + 1 });
  });

  it('refuses a type that is not an image before any upload, naming the field', async () => {
    const release = await newRelease('Wrong Type', []);
    const res = await call('POST', `${RELEASES}/${release.id}/artwork/presign`, {
      filename: 'cover.wav',
      content_type: 'audio/wav',
      size_bytes: 1000,
    });
    expect(res.status).toBe(415);
    expect(res.body.error.fields).toEqual({ content_type: CATALOGUE_FILE_MESSAGES.artworkType('audio/wav') });
  });

  it('attaches a 24-bit 48 kHz WAV master (a member may), accepts mono, refuses 8-bit with the reason', async () => {
    const recording = await newRecording('Lantern Light');
    const path = `${RECORDINGS}/${recording.id}/master`;

    const key = await upload(path, 'Lantern Light (master).wav', 'audio/wav', master24, colleague);
    const attached = await call<RecordingDto>('POST', path, { key }, colleague);
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body).toMatchObject({
      audio_master_key: key,
      row_version: recording.row_version + 1,
      master_file: {
        source: 'recording',
        key,
        filename: 'Lantern_Light_master_.wav',
        audio: { format: 'wav', bit_depth: 24, sample_rate: 48_000, channels: 2 },
      },
    });
    expect((await download(attached.body.master_file!.url)).equals(master24)).toBe(true);
    expect(attached.body.audit[0]).toMatchObject({
      action: 'attach_master',
      changes: { audio_master_key: [null, key], file: '24-bit · 48 kHz · WAV' },
    });
    // The recording's page reads the same facts from the file.
    const read = await call<RecordingDto>('GET', `${RECORDINGS}/${recording.id}`);
    expect(read.body.master_file?.audio).toEqual({
      format: 'wav',
      bit_depth: 24,
      sample_rate: 48_000,
      channels: 2,
    });

    const eightBit = await upload(
      path,
      'lofi.wav',
      'audio/wav',
      makeWavWith({ bits: 8, sampleRate: 48_000 }),
    );
    const refused = await call('POST', path, { key: eightBit });
    expect(refused.status).toBe(415);
    const reason = 'The master is 8-bit; it must be at least 16-bit.';
    expect(refused.body.error).toEqual({
      code: 'unsupported_media_type',
      message: reason,
      fields: { key: reason },
    });
    expect(await head(eightBit)).toBeNull();

    // Mono is stored (distribution's readiness asks for stereo); the previous master is deleted.
    const monoKey = await upload(path, 'mono.wav', 'audio/wav', makeWavWith({ bits: 16, channels: 1 }));
    const mono = await call<RecordingDto>('POST', path, { key: monoKey });
    expect(mono.status, JSON.stringify(mono.body)).toBe(200);
    expect(mono.body.master_file?.audio).toEqual({
      format: 'wav',
      bit_depth: 16,
      sample_rate: 44_100,
      channels: 1,
    });
    expect(mono.body.row_version).toBe(recording.row_version + 2);
    expect(await head(key)).toBeNull();
    expect(await usageOf(key)).toEqual([]);
  });

  it('removes the artwork and the master: the files and their storage go, the log says so', async () => {
    const recording = await newRecording('Cleared');
    const release = await newRelease('Cleared EP', [{ recording_id: recording.id, disc_number: 1 }]);
    const artKey = await upload(`${RELEASES}/${release.id}/artwork`, 'c.png', 'image/png', artwork3000);
    expect((await call('POST', `${RELEASES}/${release.id}/artwork`, { key: artKey })).status).toBe(200);
    const masterKey = await upload(`${RECORDINGS}/${recording.id}/master`, 'm.wav', 'audio/wav', master24);
    expect((await call('POST', `${RECORDINGS}/${recording.id}/master`, { key: masterKey })).status).toBe(200);

    const clearedRelease = await call<ReleaseDto>('DELETE', `${RELEASES}/${release.id}/artwork`);
    expect(clearedRelease.status).toBe(200);
    expect(clearedRelease.body).toMatchObject({
      artwork_key: null,
      artwork_url: null,
      artwork_source: null,
      row_version: release.row_version + 2,
    });
    expect(clearedRelease.body.audit[0]).toMatchObject({
      action: 'remove_artwork',
      changes: { artwork_key: [artKey, null] },
    });
    expect(await head(artKey)).toBeNull();
    expect(await usageOf(artKey)).toEqual([]);

    const clearedRecording = await call<RecordingDto>('DELETE', `${RECORDINGS}/${recording.id}/master`);
    expect(clearedRecording.status).toBe(200);
    expect(clearedRecording.body).toMatchObject({ audio_master_key: null, master_file: null });
    expect(await head(masterKey)).toBeNull();

    // Nothing left to remove: the answer is the record as it is, not a new version.
    const twice = await call<ReleaseDto>('DELETE', `${RELEASES}/${release.id}/artwork`);
    expect(twice.body.row_version).toBe(release.row_version + 2);
  });

  it('answers 409 to a stale row_version, and keeps nothing of the refused upload', async () => {
    const release = await newRelease('Two Editors', []);
    const path = `${RELEASES}/${release.id}/artwork`;
    const renamed = await call<ReleaseDto>('PATCH', `${RELEASES}/${release.id}`, {
      title: 'Two Editors (Deluxe)',
      row_version: release.row_version,
    });
    expect(renamed.status).toBe(200);

    const key = await upload(path, 'cover.png', 'image/png', artwork3000);
    const stale = await call('POST', path, { key, row_version: release.row_version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(CATALOGUE_MESSAGES.changedSinceRead);
    expect(await head(key)).toBeNull();

    const fresh = await upload(path, 'cover.png', 'image/png', artwork3000);
    const ok = await call<ReleaseDto>('POST', path, { key: fresh, row_version: renamed.body.row_version });
    expect(ok.status).toBe(200);
    const staleDelete = await call('DELETE', `${path}?row_version=${renamed.body.row_version}`);
    expect(staleDelete.status).toBe(409);
    expect(await head(fresh)).not.toBeNull();
  });

  it('falls back to the signed song’s newest artwork and master, in track order for distribution', async () => {
    const org = admin.organization.id;
    const song = await insertSignedSong(server, org, { title: 'Harbour Lights', artist: 'Nova Lane' });
    await server.database.withOrg(org, (tx) => recordSignedSongs(tx, org, [song.id], null));
    const [songRecording] = await queryRows<{ id: string }>(
      owner(),
      sql`select id from recordings where song_id = ${song.id}`,
    );
    // The song's release assets, through their own API: two artwork versions, one master.
    const songAsset = async (kind: 'artwork' | 'master', filename: string, type: string, bytes: Buffer) => {
      const presign = await call<PresignedUploadDto>('POST', `/api/v1/songs/${song.id}/assets/uploads`, {
        kind,
        filename,
        content_type: type,
        size_bytes: bytes.length,
      });
      expect((await putPresigned(server, presign.body, bytes)).statusCode).toBe(200);
      const confirm = await call<AssetVersionDto>('POST', `/api/v1/songs/${song.id}/assets`, {
        key: presign.body.key,
      });
      expect(confirm.status, JSON.stringify(confirm.body)).toBe(201);
      return presign.body.key;
    };
    await songAsset('artwork', 'old-cover.png', 'image/png', makePng(3000, 3000, 6));
    const songArtwork = await songAsset('artwork', 'cover.png', 'image/png', artwork3000);
    const songMaster = await songAsset('master', 'harbour.wav', 'audio/wav', master24);

    const own = await newRecording('Own Master');
    const ownKey = await upload(`${RECORDINGS}/${own.id}/master`, 'own.wav', 'audio/wav', master24);
    expect((await call('POST', `${RECORDINGS}/${own.id}/master`, { key: ownKey })).status).toBe(200);
    const bare = await newRecording('No Master Yet');
    const release = await newRelease('Harbour Lights EP', [
      { recording_id: own.id, disc_number: 1 },
      { recording_id: bare.id, disc_number: 2 },
      { recording_id: songRecording!.id, disc_number: 1 },
    ]);
    await owner().execute(sql`update releases set song_id = ${song.id} where id = ${release.id}`);

    const read = await call<ReleaseDto>('GET', `${RELEASES}/${release.id}`);
    expect(read.body).toMatchObject({ artwork_key: null, artwork_source: 'song' });
    expect((await download(read.body.artwork_url)).equals(artwork3000)).toBe(true);
    const recording = await call<RecordingDto>('GET', `${RECORDINGS}/${songRecording!.id}`);
    expect(recording.body).toMatchObject({
      audio_master_key: null,
      master_file: {
        source: 'song',
        key: songMaster,
        filename: 'harbour.wav',
        audio: { format: 'wav', bit_depth: 24, sample_rate: 48_000, channels: 2 },
      },
    });

    const files = () => server.database.withOrg(org, (tx) => effectiveReleaseFiles(tx, org, release.id));
    expect(await files()).toEqual({
      artwork: { key: songArtwork, source: 'song' },
      tracks: [
        { recordingId: own.id, master: { key: ownKey, source: 'recording' } },
        { recordingId: songRecording!.id, master: { key: songMaster, source: 'song' } },
        { recordingId: bare.id, master: null },
      ],
    });

    // The release's own artwork wins; removing it brings the song's back, which is never deleted.
    const ownArt = await upload(`${RELEASES}/${release.id}/artwork`, 'own.png', 'image/png', artwork3000);
    expect((await call('POST', `${RELEASES}/${release.id}/artwork`, { key: ownArt })).status).toBe(200);
    expect((await files()).artwork).toEqual({ key: ownArt, source: 'release' });
    const removed = await call<ReleaseDto>('DELETE', `${RELEASES}/${release.id}/artwork`);
    expect(removed.body.artwork_source).toBe('song');
    expect((await files()).artwork).toEqual({ key: songArtwork, source: 'song' });
    expect(await head(songArtwork)).not.toBeNull();
    await expect(
      server.database.withOrg(outsider.organization.id, (tx) =>
        effectiveReleaseFiles(tx, outsider.organization.id, release.id),
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('answers 404 for another label’s release or recording, and for a file it did not presign', async () => {
    const recording = await newRecording('Mine');
    const release = await newRelease('Mine EP', []);
    const other = await newRelease('Other EP', []);
    const presignBody = { filename: 'c.png', content_type: 'image/png', size_bytes: artwork3000.length };
    const releasePath = `${RELEASES}/${release.id}/artwork`;
    const masterPath = `${RECORDINGS}/${recording.id}/master`;
    const key = await upload(releasePath, 'c.png', 'image/png', artwork3000);

    for (const [method, url, payload] of [
      ['POST', `${releasePath}/presign`, presignBody],
      ['POST', releasePath, { key }],
      ['DELETE', releasePath, undefined],
      ['POST', `${masterPath}/presign`, { ...presignBody, content_type: 'audio/wav' }],
      ['POST', masterPath, { key }],
      ['DELETE', masterPath, undefined],
    ] as const) {
      const res = await call(method, url, payload, outsider);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // A file presigned for another release, or the recording's path, is not this release's.
    const notHers = await call('POST', `${RELEASES}/${other.id}/artwork`, { key });
    expect(notHers.status).toBe(404);
    expect(notHers.body.error.message).toBe(CATALOGUE_FILE_MESSAGES.fileNotFound);
    expect((await call('POST', masterPath, { key })).status).toBe(404);
    // The file is still there for its own release.
    expect((await call('POST', releasePath, { key })).status).toBe(200);
  });

  it('is part of the Pro and Label plans: Starter gets 403', async () => {
    const [row] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into releases (organization_id, title, display_artist)
          values (${starter.organization.id}, 'Small Release', 'Someone') returning id`,
    );
    const path = `${RELEASES}/${row!.id}/artwork`;
    for (const [method, url, payload] of [
      ['POST', `${path}/presign`, { filename: 'c.png', content_type: 'image/png', size_bytes: 10 }],
      [
        'POST',
        path,
        { key: `${starter.organization.id}/assets/release_${row!.id}_artwork_000000000000/c.png` },
      ],
      ['DELETE', path, undefined],
    ] as const) {
      const res = await call(method, url, payload, starter);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'plan_required', message: CATALOGUE_MESSAGES.notOnPlan });
    }
  });
});
