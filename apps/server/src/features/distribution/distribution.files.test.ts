/**
 * Readiness from the files themselves (issue 15, point 1), each rule with a real generated file
 * that passes and one that fails: artwork read from its bytes (JPEG and PNG; CMYK, not square,
 * too small), masters read and decoded (WAV, FLAC, AIFF; mono, 8-bit, 22.05 kHz, more than 10 s
 * of silence at the start or the end). The files go through storage and the inspection job as an
 * upload does; a file the upload check would refuse is stored directly, as an older file might be.
 */
import type { PresignedUploadDto } from '@music-review/core/assets';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../platform/jobs/queue.ts';
import { buildKey } from '../../platform/storage/keys.ts';
import { makeJpegHeader, makePng } from '../../platform/storage/test-media.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createFileTestServer, putPresigned } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { makeAiffPcm, makeFlac, makePcmWav, makeRgbJpeg } from '../../test/media-generators.ts';
import { defineDistributionJobs } from './distribution.jobs.ts';

type Json = Record<string, any>;

describe('readiness from the files themselves', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let releaseId: string;
  let recordingId: string;

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
    const res = await server.app.inject({
      method,
      url,
      headers: admin.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const created = async (url: string, payload: unknown) => {
    const res = await call('POST', url, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  /** Readiness once every file has been read (the inspection runs as a job). */
  const readiness = async () => {
    await expect
      .poll(
        async () => (await call('GET', `/api/v1/distribution/releases/${releaseId}`)).body.readiness.checking,
        {
          timeout: 20_000,
          interval: 150,
        },
      )
      .toBe(0);
    const { readiness } = (await call('GET', `/api/v1/distribution/releases/${releaseId}`)).body;
    return readiness as { errors: Json[]; warnings: Json[] };
  };
  const owner = () => server.database.asOwner('tests store files the way an older upload did');
  /** Stores bytes as the recording's master or the release's artwork, without the upload check. */
  async function storeAs(target: 'master' | 'artwork', bytes: Buffer, filename: string) {
    const org = admin.organization.id;
    const id = target === 'master' ? recordingId : releaseId;
    const key = buildKey(org, 'assets', `${target}_${id}_${Math.random().toString(36).slice(2)}`, filename);
    await server.ctx.storage.driver.put(key, bytes, { contentType: 'application/octet-stream' });
    await owner().execute(
      target === 'master'
        ? sql`update recordings set audio_master_key = ${key} where id = ${recordingId}`
        : sql`update releases set artwork_key = ${key} where id = ${releaseId}`,
    );
  }
  /** Uploads through the catalogue's endpoints, as the drawer does (checked on attach). */
  async function upload(target: 'master' | 'artwork', bytes: Buffer, filename: string, contentType: string) {
    const path =
      target === 'master'
        ? `/api/v1/catalogue/recordings/${recordingId}/master`
        : `/api/v1/catalogue/releases/${releaseId}/artwork`;
    const presign = await call('POST', `${path}/presign`, {
      filename,
      content_type: contentType,
      size_bytes: bytes.length,
    });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const put = await putPresigned(server, presign.body as PresignedUploadDto, bytes);
    expect(put.statusCode, put.body).toBe(200);
    return call('POST', path, { key: presign.body.key });
  }
  const codes = (problems: Json[]) => problems.map((p) => p.code);
  const messages = (problems: Json[]) => problems.map((p) => p.message);

  beforeAll(async () => {
    server = await createFileTestServer('distribution-files');
    server.ctx.jobs = createJobQueue(server.database, {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    defineDistributionJobs(server.ctx);
    await server.ctx.jobs.start();
    admin = await adminWithLabel(server.app, 'Files Label');
    await setPlan(server.database, admin.organization.id, 'Pro');
    const settings = await call('GET', '/api/v1/catalogue/settings');
    await call('PATCH', '/api/v1/catalogue/settings', {
      ddex_dpid: 'PADPIDA2026112601Q',
      label_name: 'Files Label',
      row_version: settings.body.row_version,
    });
    const writer = await created('/api/v1/parties', { name: 'Ada Moss', roles: ['writer'] });
    const work = await created('/api/v1/catalogue/works', {
      title: 'Low Tide',
      writers: [{ party_id: writer.id, role: 'composer', share: 100 }],
    });
    const recording = await created('/api/v1/catalogue/recordings', {
      title: 'Low Tide',
      display_artist: 'Ada Moss',
      isrc: 'GBE2X2600101',
      language: 'en',
      p_line_year: 2026,
      p_line_owner: 'Files Label',
      work_id: work.id,
    });
    recordingId = recording.id;
    const release = await created('/api/v1/catalogue/releases', {
      title: 'Low Tide',
      display_artist: 'Ada Moss',
      upc: '5012345678900',
      release_date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
      p_line_year: 2026,
      p_line_owner: 'Files Label',
      c_line_year: 2026,
      c_line_owner: 'Files Label',
      genre: 'Folk',
      tracks: [{ recording_id: recording.id }],
    });
    releaseId = release.id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('takes a real RGB JPEG or PNG of 3000 × 3000, and refuses CMYK, a rectangle and a small one', async () => {
    await upload(
      'master',
      makePcmWav({ seconds: 2, sampleRate: 44_100, bitDepth: 16, channels: 2 }),
      'm.wav',
      'audio/wav',
    );
    expect((await upload('artwork', makeRgbJpeg(3000, 3000), 'cover.jpg', 'image/jpeg')).status).toBe(200);
    expect(codes((await readiness()).errors)).toEqual([]);
    expect((await upload('artwork', makePng(3000, 3000), 'cover.png', 'image/png')).status).toBe(200);
    expect(codes((await readiness()).errors)).toEqual([]);

    await storeAs('artwork', makeJpegHeader(3000, 3000, { components: 4 }), 'cmyk.jpg');
    expect(messages((await readiness()).errors)).toEqual(['The artwork is CMYK; it must be RGB.']);
    await storeAs('artwork', makePng(3600, 3000), 'wide.png');
    expect(messages((await readiness()).errors)).toEqual([
      'The artwork is 3600 x 3000 px; it must be square.',
    ]);
    await storeAs('artwork', makePng(1400, 1400), 'small.png');
    expect(messages((await readiness()).errors)).toEqual([
      'The artwork is 1400 x 1400 px; it must be at least 3000 x 3000 px.',
    ]);
    expect((await upload('artwork', makePng(3000, 3000), 'cover.png', 'image/png')).status).toBe(200);
  }, 60_000);

  it('takes stereo WAV, FLAC and AIFF masters at 16 or 24 bit from 44.1 kHz, with up to 10 s of silence', async () => {
    const tone = { seconds: 14, channels: 2, leadingSilence: 1, trailingSilence: 10 };
    for (const [bytes, name, type] of [
      [makePcmWav({ ...tone, sampleRate: 44_100, bitDepth: 16 }), 'm.wav', 'audio/wav'],
      [makePcmWav({ ...tone, sampleRate: 96_000, bitDepth: 24 }), 'm.wav', 'audio/wav'],
      [makeFlac({ ...tone, sampleRate: 48_000, bitDepth: 24 }), 'm.flac', 'audio/flac'],
      [makeAiffPcm({ ...tone, sampleRate: 44_100, bitDepth: 16 }), 'm.aif', 'audio/aiff'],
    ] as const) {
      const attached = await upload('master', bytes, name, type);
      expect(attached.status, JSON.stringify(attached.body)).toBe(200);
      const { errors } = await readiness();
      expect(codes(errors), name).toEqual([]);
    }
  }, 90_000);

  it('refuses mono, a master that is too quiet for too long at either end, and a rate or depth stores refuse', async () => {
    const cases: [Buffer, string, string][] = [
      [
        makePcmWav({ seconds: 3, sampleRate: 44_100, bitDepth: 16, channels: 1 }),
        'm.wav',
        'Track 1 (“Low Tide”): The master has 1 channel: stores want stereo.',
      ],
      [
        makeFlac({ seconds: 16, sampleRate: 44_100, bitDepth: 16, channels: 2, leadingSilence: 12 }),
        'm.flac',
        'Track 1 (“Low Tide”): The master starts with 12 s of silence: at most 10 s.',
      ],
      [
        makePcmWav({ seconds: 16, sampleRate: 44_100, bitDepth: 24, channels: 2, trailingSilence: 11.5 }),
        'm.wav',
        'Track 1 (“Low Tide”): The master ends with 11 s of silence: at most 10 s.',
      ],
      [
        makePcmWav({ seconds: 2, sampleRate: 22_050, bitDepth: 16, channels: 2 }),
        'm.wav',
        'Track 1 (“Low Tide”): The master is 22.05 kHz; it must be at least 44.1 kHz.',
      ],
      [
        makePcmWav({ seconds: 2, sampleRate: 44_100, bitDepth: 32, channels: 2 }),
        'm.wav',
        'Track 1 (“Low Tide”): The master is 32-bit: stores want 16 or 24 bit.',
      ],
    ];
    for (const [bytes, name, message] of cases) {
      await storeAs('master', bytes, name);
      const { errors } = await readiness();
      expect(messages(errors)).toEqual([message]);
      expect(errors[0]!.fix).toEqual({ kind: 'recording', id: recordingId });
    }
    // Deliver refuses while a blocking problem remains.
    const refused = await call('POST', `/api/v1/distribution/releases/${releaseId}/deliver`, { kind: 'new' });
    expect(refused.status).toBe(422);
  }, 90_000);
});
