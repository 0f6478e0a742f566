import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWaveform } from '@music-review/core/waveform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WaveformData from 'waveform-data';
import { makeWav, makeWaveformJson } from '../../platform/storage/test-media.ts';
import { adminWithLabel, uploadViaPresignedUrl } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertRevision } from './songs.factory.ts';

/** Two seconds of a decaying 220 Hz tone with some noise: every pixel has a real min below its max. */
function tone(sampleRate: number): Float32Array {
  const samples = new Float32Array(sampleRate * 2);
  let seed = 7;
  for (let i = 0; i < samples.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const noise = (seed / 2147483648 - 0.5) * 0.05;
    samples[i] = Math.exp(-i / sampleRate) * Math.sin((2 * Math.PI * 220 * i) / sampleRate) + noise;
  }
  return samples;
}

describe('GET /api/v1/songs/{id}/waveform', () => {
  let server: TestServer;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let songId: string;
  let stored: Buffer;

  const download = (who: { authorization: string }, id: string, query = '') =>
    server.app.inject({ method: 'GET', url: `/api/v1/songs/${id}/waveform${query}`, headers: who });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mr-waveform-'));
    server = await createTestServer({ DATA_DIR: dataDir });
    admin = await adminWithLabel(server.app, 'Waveform Lab');
    outsider = await adminWithLabel(server.app, 'Elsewhere Lab');
    songId = randomUUID();
    // The file the browser's generator writes (packages/core generateWaveform): values 0-255.
    stored = Buffer.from(JSON.stringify(generateWaveform([tone(8000)], 8000, { samplesPerPixel: 400 })));
    const upload = (type: string, filename: string, contentType: string, body: Buffer) =>
      uploadViaPresignedUrl(server.app, admin.headers, { type, id: songId, filename, contentType, body });
    const audio = await upload('audio', 'tone.wav', 'audio/wav', makeWav());
    const waveform = await upload('waveforms', 'tone.json', 'application/json', stored);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/songs',
      headers: admin.headers,
      payload: {
        id: songId,
        title: 'Tone',
        artist: 'Sine',
        audio_file_key: audio,
        waveform_file_key: waveform,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('downloads the stored file unchanged by default', async () => {
    const res = await download(admin.headers, songId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(res.json().data.every((v: number) => v >= 0 && v <= 255)).toBe(true);
  });

  it('is misread by BBC tools as it is: our 0-255 values are not their signed bytes', async () => {
    const ours = (await download(admin.headers, songId)).json();
    const channel = WaveformData.create(ours).channel(0);
    const inverted = Array.from({ length: ours.length }, (_, i) => i).filter(
      (i) => channel.min_sample(i) > channel.max_sample(i),
    );
    expect(inverted.length).toBeGreaterThan(0);
  });

  it('?format=audiowaveform answers the BBC form that waveform-data reads: min <= max on every pixel', async () => {
    const ours = JSON.parse(stored.toString('utf8'));
    const res = await download(admin.headers, songId, '?format=audiowaveform');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const bbc = res.json();
    expect(bbc).toMatchObject({
      version: 2,
      channels: 1,
      sample_rate: 8000,
      samples_per_pixel: 400,
      bits: 8,
      length: ours.length,
    });
    // Offset binary to two's complement: 128 (silence) is 0, 0 is -128, 255 is 127.
    expect(bbc.data).toEqual(ours.data.map((v: number) => v - 128));

    const waveform = WaveformData.create(bbc);
    expect(waveform.length).toBe(ours.length);
    expect(waveform.channels).toBe(1);
    expect(waveform.sample_rate).toBe(8000);
    expect(waveform.scale).toBe(400);
    const channel = waveform.channel(0);
    for (let i = 0; i < waveform.length; i++) {
      const min = channel.min_sample(i);
      const max = channel.max_sample(i);
      expect(min).toBeLessThanOrEqual(max);
      expect(min).toBeGreaterThanOrEqual(-128);
      expect(max).toBeLessThanOrEqual(127);
    }
    // The decaying tone: loud at the start, quieter at the end, as in our file.
    expect(channel.max_sample(0)).toBeGreaterThan(channel.max_sample(waveform.length - 1));
    expect(channel.max_sample(0)).toBe(ours.data[1] - 128);
  });

  it("serves the current version's waveform", async () => {
    const v2 = Buffer.from(JSON.stringify(generateWaveform([tone(8000).map((s) => s / 2)], 8000)));
    const key = await uploadViaPresignedUrl(server.app, admin.headers, {
      type: 'revisions',
      id: songId,
      filename: 'v2.json',
      contentType: 'application/json',
      body: v2,
    });
    const revised = randomUUID();
    const song = await server.app.inject({
      method: 'POST',
      url: '/api/v1/songs',
      headers: admin.headers,
      payload: {
        id: revised,
        title: 'Revised',
        artist: 'Sine',
        audio_file_key: await uploadViaPresignedUrl(server.app, admin.headers, {
          type: 'audio',
          id: revised,
          filename: 'r.wav',
          contentType: 'audio/wav',
          body: makeWav(),
        }),
        waveform_file_key: await uploadViaPresignedUrl(server.app, admin.headers, {
          type: 'waveforms',
          id: revised,
          filename: 'r.json',
          contentType: 'application/json',
          body: stored,
        }),
      },
    });
    expect(song.statusCode, song.body).toBe(201);
    await insertRevision(server.database.asOwner('tests build rows directly'), {
      organizationId: admin.organization.id,
      songId: revised,
      versionNumber: 2,
      waveformFileKey: key,
    });
    expect((await download(admin.headers, revised)).rawPayload.equals(v2)).toBe(true);
  });

  it('answers 404 for another label, a song without a waveform, and 400 for an unknown format', async () => {
    expect((await download(outsider.headers, songId)).statusCode).toBe(404);
    expect((await download(admin.headers, randomUUID())).statusCode).toBe(404);
    const bare = randomUUID();
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/songs',
      headers: admin.headers,
      payload: {
        id: bare,
        title: 'Bare',
        artist: 'None',
        audio_file_key: await uploadViaPresignedUrl(server.app, admin.headers, {
          type: 'audio',
          id: bare,
          filename: 'b.wav',
          contentType: 'audio/wav',
          body: makeWav(),
        }),
      },
    });
    const none = await download(admin.headers, bare);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('This song has no waveform yet.');
    expect((await download(admin.headers, songId, '?format=png')).statusCode).toBe(400);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/v1/songs/${songId}/waveform` })).statusCode,
    ).toBe(401);
  });

  it('refuses to convert a stored file that is not in our 0-255 format, instead of guessing', async () => {
    const odd = randomUUID();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/songs',
      headers: admin.headers,
      payload: {
        id: odd,
        title: 'Signed already',
        artist: 'Legacy',
        audio_file_key: await uploadViaPresignedUrl(server.app, admin.headers, {
          type: 'audio',
          id: odd,
          filename: 'o.wav',
          contentType: 'audio/wav',
          body: makeWav(),
        }),
        // Negative values: not ours (a file some other tool wrote); it still downloads as stored.
        waveform_file_key: await uploadViaPresignedUrl(server.app, admin.headers, {
          type: 'waveforms',
          id: odd,
          filename: 'o.json',
          contentType: 'application/json',
          body: makeWaveformJson(),
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await download(admin.headers, odd)).statusCode).toBe(200);
    const converted = await download(admin.headers, odd, '?format=audiowaveform');
    expect(converted.statusCode).toBe(409);
    expect(converted.json().error).toEqual({
      code: 'conflict',
      message: "This waveform is not in Music Review's format (integers 0-255), so it cannot be converted.",
    });
  });
});
