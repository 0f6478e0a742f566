import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { HTML_PAGE, makeWav, makeWaveformJson } from '../../platform/storage/test-media.ts';
import { adminWithLabel, memberOf, uploadViaPresignedUrl } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { monthStart } from './songs.service.ts';

describe('adding tracks', () => {
  let server: TestServer;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;

  const upload = (headers: { authorization: string }, id: string, type = 'audio', body = makeWav()) =>
    uploadViaPresignedUrl(server.app, headers, {
      type,
      id,
      filename: type === 'audio' ? 'take.wav' : 'take.json',
      contentType: type === 'audio' ? 'audio/wav' : 'application/json',
      body,
    });
  const create = (headers: { authorization: string }, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: '/api/v1/songs', headers, payload });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mr-songs-'));
    server = await createTestServer({ DATA_DIR: dataDir });
    admin = await adminWithLabel(server.app, 'Track Lab');
    alex = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Other Lab');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a song from an uploaded file, counts it for the month and tells the other members', async () => {
    const id = randomUUID();
    const audio = await upload(alex.headers, id);
    const waveform = await upload(alex.headers, id, 'waveforms', makeWaveformJson());
    const res = await create(alex.headers, {
      id,
      title: '  Night Drive ',
      artist: 'Nova',
      submission_source: 'nova@artist.test',
      audio_file_key: audio,
      waveform_file_key: waveform,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id,
      title: 'Night Drive',
      artist: null,
      status: 'pending',
      audio_file_key: audio,
      waveform_file_key: waveform,
      submission_source: 'nova@artist.test',
      current_version_number: 1,
    });

    const notes = await queryRows<{ recipient_id: string; type: string; message: string; song_id: string }>(
      server.database.global,
      sql`select recipient_id, type, message, song_id from notifications where song_id = ${id}`,
    );
    expect(notes).toEqual([
      {
        recipient_id: admin.reviewer.id,
        type: 'track_added',
        message: `${alex.name} added "Night Drive"`,
        song_id: id,
      },
    ]);
    const usage = await queryRows<{ tracks_uploaded_count: number; active_users_count: number }>(
      server.database.global,
      sql`select tracks_uploaded_count, active_users_count from organization_usage_metrics
          where organization_id = ${admin.organization.id} and month_start_date = ${monthStart(new Date())}::date`,
    );
    expect(usage).toEqual([{ tracks_uploaded_count: 1, active_users_count: 2 }]);

    const dash = await server.app.inject({
      method: 'GET',
      url: '/api/v1/review-dashboard',
      headers: admin.headers,
    });
    expect(dash.json().pending[0]).toMatchObject({
      id,
      title: 'Night Drive',
      artist: null,
      deadline_badge: '7 days left',
    });
  });

  it('refuses a file that was never uploaded, one of another label, or of the wrong type', async () => {
    const missing = `${admin.organization.id}/audio/${randomUUID()}/nothing.wav`;
    expect(
      (await create(admin.headers, { title: 'A', artist: 'B', audio_file_key: missing })).statusCode,
    ).toBe(404);
    const theirs = await upload(outsider.headers, randomUUID());
    expect(
      (await create(admin.headers, { title: 'A', artist: 'B', audio_file_key: theirs })).statusCode,
    ).toBe(404);
    const wave = await upload(admin.headers, randomUUID(), 'waveforms', makeWaveformJson());
    const wrongType = await create(admin.headers, { title: 'A', artist: 'B', audio_file_key: wave });
    expect(wrongType.statusCode).toBe(400);
    expect(
      (await create(admin.headers, { title: 'A', artist: 'B', audio_file_key: '../../etc/passwd' }))
        .statusCode,
    ).toBe(404);
  });

  it('never accepts an HTML page as audio', async () => {
    const presign = await server.app.inject({
      method: 'POST',
      url: '/functions/v1/generate-presigned-url',
      headers: admin.headers,
      payload: {
        orgName: 'x',
        type: 'audio',
        id: randomUUID(),
        filename: 'song.mp3',
        contentType: 'audio/mpeg',
      },
    });
    const { presignedUrl, key } = presign.json().data;
    const url = new URL(presignedUrl);
    const put = await server.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'audio/mpeg' },
      payload: HTML_PAGE,
    });
    expect(put.statusCode).toBe(415);
    expect((await create(admin.headers, { title: 'A', artist: 'B', audio_file_key: key })).statusCode).toBe(
      404,
    );
  });

  it('validates title, artist and the submitter email with clear messages', async () => {
    const audio = await upload(admin.headers, randomUUID());
    const noTitle = await create(admin.headers, { title: '  ', artist: 'B', audio_file_key: audio });
    expect(noTitle.json().error.message).toBe('Please enter a title');
    const badEmail = await create(admin.headers, {
      title: 'A',
      artist: 'B',
      submission_source: 'nope',
      audio_file_key: audio,
    });
    expect(badEmail.json().error.message).toBe('Please enter a valid email address');
  });

  it("refuses a track once the plan's limit is reached in the last 30 days, naming the limit", async () => {
    // Starter allows 25 tracks in any 30 days: 25 songs of this label were added within them.
    const lab = await adminWithLabel(server.app, 'Full Lab');
    await server.database.global.execute(
      sql`insert into songs (organization_id, title, artist, created_at)
          select ${lab.organization.id}, 'Earlier ' || n, 'B', now() - interval '1 day'
          from generate_series(1, 25) n`,
    );
    const audio = await upload(lab.headers, randomUUID());
    const res = await create(lab.headers, { title: 'One too many', artist: 'B', audio_file_key: audio });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'plan_limit_reached',
      message: 'Your plan allows 25 tracks. Upgrade your plan to add more.',
    });
  });

  it('counts the track limit over the last 30 days, not the calendar month', async () => {
    const lab = await adminWithLabel(server.app, 'Window Lab');
    const added = (title: string, daysAgo: number, count: number) =>
      server.database.global.execute(
        sql`insert into songs (organization_id, title, artist, created_at)
            select ${lab.organization.id}, ${title} || ' ' || n, 'B',
              now() - make_interval(days => ${daysAgo}::int)
            from generate_series(1, ${count}::int) n`,
      );
    // 24 tracks 29 days ago count (whatever month that was); 10 tracks 31 days ago no longer do.
    await added('Inside', 29, 24);
    await added('Outside', 31, 10);
    const add = async (title: string) =>
      create(lab.headers, { title, artist: 'B', audio_file_key: await upload(lab.headers, randomUUID()) });

    expect((await add('Twenty-fifth')).statusCode).toBe(201);
    const refused = await add('Twenty-sixth');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('plan_limit_reached');

    // A day later one of the 29-day-old tracks leaves the window: a slot opens again.
    await server.database.global.execute(
      sql`update songs set created_at = now() - interval '31 days'
          where id = (select id from songs where organization_id = ${lab.organization.id}
                      and title like 'Inside %' order by title limit 1)`,
    );
    expect((await add('Twenty-sixth, later')).statusCode).toBe(201);
  });

  it('stores a waveform generated later by the browser, only for songs of the label', async () => {
    const songs = await server.app.inject({ method: 'GET', url: '/api/v1/songs', headers: admin.headers });
    const songId = songs.json().songs[0].id;
    const key = await upload(admin.headers, songId, 'waveforms', makeWaveformJson([1, 2, 3, 4]));
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/songs/${songId}/waveform`,
      headers: admin.headers,
      payload: { waveform_file_key: key },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().waveform_file_key).toBe(key);
    const other = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/songs/${songId}/waveform`,
      headers: outsider.headers,
      payload: { waveform_file_key: key },
    });
    expect(other.statusCode).toBe(404);
  });
});
