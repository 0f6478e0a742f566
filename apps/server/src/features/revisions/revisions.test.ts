import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REVISION_LINK_DAYS, type RevisionRequestDto } from '@music-review/core/api';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { makeWav, makeWaveformJson } from '../../platform/storage/test-media.ts';
import {
  adminWithLabel,
  mailbox,
  memberOf,
  uniqueIp,
  uploadViaPresignedUrl,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

const SUBMITTER = 'nova@artist.test';

describe('revision requests and the public upload link', () => {
  let server: TestServer;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let songId: string;
  let firstAudioKey: string;
  let firstWaveformKey: string;
  let link: RevisionRequestDto;

  const requestRevision = (headers: { authorization: string }, id: string, payload?: object) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/songs/${id}/revision-requests`,
      headers,
      ...(payload ? { payload } : {}),
    });
  // Each public call from a fresh address, except where a test is about the per-address limit.
  const publicCall = (
    method: 'GET' | 'POST',
    token: string,
    action = '',
    payload?: object,
    remoteAddress = uniqueIp(),
  ) =>
    server.app.inject({
      method,
      url: `/api/v1/public/revision-uploads/${token}${action}`,
      remoteAddress,
      ...(payload ? { payload } : {}),
    });
  /** What the artist's page does: ask for an upload URL, PUT the file there. Returns the key. */
  const uploadThroughLink = async (
    token: string,
    kind: 'audio' | 'waveform',
    body: Buffer,
    filename = kind === 'audio' ? 'New Take (final).wav' : 'peaks.json',
  ) => {
    const contentType = kind === 'audio' ? 'audio/wav' : 'application/json';
    const res = await publicCall('POST', token, '/upload-url', { kind, filename, content_type: contentType });
    expect(res.statusCode, res.body).toBe(200);
    const { presigned_url, key } = res.json<{ presigned_url: string; key: string }>();
    const url = new URL(presigned_url);
    const put = await server.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(put.statusCode, put.body).toBe(200);
    return key;
  };
  const pendingIds = async (headers: { authorization: string }) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/review-dashboard', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ pending: { id: string }[] }>().pending.map((c) => c.id);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mr-revisions-'));
    server = await createTestServer({ DATA_DIR: dataDir, RATE_LIMIT_PUBLIC_LINK_PER_IP: '5' });
    admin = await adminWithLabel(server.app, 'Revision Lab');
    alex = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    songId = randomUUID();
    const upload = (type: string, filename: string, contentType: string, body: Buffer) =>
      uploadViaPresignedUrl(server.app, alex.headers, { type, id: songId, filename, contentType, body });
    firstAudioKey = await upload('audio', 'take.wav', 'audio/wav', makeWav());
    firstWaveformKey = await upload('waveforms', 'take.json', 'application/json', makeWaveformJson());
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/songs',
      headers: alex.headers,
      payload: {
        id: songId,
        title: 'Night Drive',
        artist: 'Nova',
        submission_source: SUBMITTER,
        audio_file_key: firstAudioKey,
        waveform_file_key: firstWaveformKey,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Alex reviews version 1.
    const review = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/songs/${songId}/reviews/mine`,
      headers: alex.headers,
      payload: { musical_score: 6, artist_score: 6, overall_score: 6 },
    });
    expect(review.statusCode, review.body).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('any member asks for a revision: a 14-day link, mailed to the submitter, only its hash stored', async () => {
    const before = Date.now();
    const res = await requestRevision(alex.headers, songId, { message: 'Louder vocals, please.\nThanks!' });
    expect(res.statusCode, res.body).toBe(201);
    link = res.json<RevisionRequestDto>();
    expect(link).toMatchObject({
      song_id: songId,
      mailed_to: SUBMITTER,
      path: `/artist/upload-revision/${link.token}`,
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(REVISION_LINK_DAYS - 0.01);
    expect(days).toBeLessThan(REVISION_LINK_DAYS + 0.01);

    const stored = await queryRows<{ token_hash: string; submitter_email: string; requested_by: string }>(
      server.database.global,
      sql`select l.token_hash, r.submitter_email, r.requested_by
          from revision_requests r join public_links l on l.purpose = 'revision_upload' and l.record_id = r.id
          where r.id = ${link.id}`,
    );
    expect(stored).toEqual([
      {
        token_hash: createHash('sha256').update(link.token).digest('hex'),
        submitter_email: SUBMITTER,
        requested_by: alex.reviewer.id,
      },
    ]);
    expect(stored[0]!.token_hash).not.toContain(link.token);

    const [mail] = await mailbox(server.app, SUBMITTER);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Revision Lab asks for a new version of "Night Drive"');
    expect(mail!.text).toContain('Night Drive');
    expect(mail!.text).toContain('Revision Lab');
    expect(mail!.text).toContain('Louder vocals, please.\nThanks!');
    expect(mail!.text).toContain(`http://app.test/artist/upload-revision/${link.token}`);
    expect(mail!.html).toContain(`http://app.test/artist/upload-revision/${link.token}`);
  });

  it('the public page shows the song, the label, the message and the next version, without signing in', async () => {
    const res = await publicCall('GET', link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      song_title: 'Night Drive',
      organization_name: 'Revision Lab',
      message: 'Louder vocals, please.\nThanks!',
      expires_at: link.expires_at,
      next_version_number: 2,
    });
  });

  it('presigns uploads only into the song’s folder, with the storage rules for types', async () => {
    const res = await publicCall('POST', link.token, '/upload-url', {
      kind: 'audio',
      filename: '../../Etc/Mix #2.wav',
      content_type: 'audio/wav',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().key).toBe(`${admin.organization.id}/audio/${songId}/v2-Mix_2.wav`);
    const waveform = await publicCall('POST', link.token, '/upload-url', {
      kind: 'waveform',
      filename: 'anything.json',
      content_type: 'application/json',
    });
    expect(waveform.json().key).toBe(`${admin.organization.id}/waveforms/${songId}/v2.json`);
    const badType = await publicCall('POST', link.token, '/upload-url', {
      kind: 'audio',
      filename: 'page.html',
      content_type: 'text/html',
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.message).toMatch(/^content_type: /);
    const badKind = await publicCall('POST', link.token, '/upload-url', {
      kind: 'video',
      filename: 'a.mp4',
      content_type: 'video/mp4',
    });
    expect(badKind.json().error.message).toBe("kind: must be 'audio' or 'waveform'");
  });

  it('refuses files outside the song at completion', async () => {
    const otherSong = await uploadViaPresignedUrl(server.app, alex.headers, {
      type: 'audio',
      id: randomUUID(),
      filename: 'other.wav',
      contentType: 'audio/wav',
      body: makeWav(),
    });
    const theirs = await uploadViaPresignedUrl(server.app, outsider.headers, {
      type: 'audio',
      id: songId,
      filename: 'theirs.wav',
      contentType: 'audio/wav',
      body: makeWav(),
    });
    for (const key of [otherSong, theirs, `${admin.organization.id}/audio/${songId}/never-uploaded.wav`]) {
      const res = await publicCall('POST', link.token, '/complete', { audio_file_key: key });
      expect(res.statusCode, key).toBe(404);
    }
    const wrongType = await publicCall('POST', link.token, '/complete', { audio_file_key: firstWaveformKey });
    expect(wrongType.statusCode).toBe(400);
    // Nothing was used up.
    expect((await publicCall('GET', link.token)).statusCode).toBe(200);
  });

  it('uploads a real WAV through the link and makes it the current version 2', async () => {
    const audioKey = await uploadThroughLink(link.token, 'audio', makeWav(8000));
    const waveformKey = await uploadThroughLink(link.token, 'waveform', makeWaveformJson([1, 2, 3, 4]));
    expect(audioKey).toBe(`${admin.organization.id}/audio/${songId}/v2-New_Take_final_.wav`);

    const res = await publicCall('POST', link.token, '/complete', {
      audio_file_key: audioKey,
      waveform_file_key: waveformKey,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ song_title: 'Night Drive', version_number: 2 });

    const song = await server.app.inject({
      method: 'GET',
      url: `/api/v1/songs/${songId}`,
      headers: alex.headers,
    });
    expect(song.json()).toMatchObject({
      current_version_number: 2,
      has_revisions: true,
      audio_file_key: audioKey,
      waveform_file_key: waveformKey,
      // Alex reviewed version 1 only: blind again.
      reviewed_by_me: false,
      artist: null,
    });
    const revisions = await queryRows<{
      version_number: number;
      audio_file_key: string;
      waveform_file_key: string;
      is_current_version: boolean;
    }>(
      server.database.global,
      sql`select version_number, audio_file_key, waveform_file_key, is_current_version
          from song_revisions where song_id = ${songId} order by version_number`,
    );
    expect(revisions).toEqual([
      {
        version_number: 1,
        audio_file_key: firstAudioKey,
        waveform_file_key: firstWaveformKey,
        is_current_version: false,
      },
      {
        version_number: 2,
        audio_file_key: audioKey,
        waveform_file_key: waveformKey,
        is_current_version: true,
      },
    ]);
    const request = await queryRows<{ used: boolean; version_number: number }>(
      server.database.global,
      sql`select used_at is not null as used, version_number from revision_requests where id = ${link.id}`,
    );
    expect(request).toEqual([{ used: true, version_number: 2 }]);

    const notes = await queryRows<{ recipient_id: string; sender_id: string; message: string }>(
      server.database.global,
      sql`select recipient_id, sender_id, message from notifications
          where song_id = ${songId} and type = 'review_request'`,
    );
    expect(notes.map((n) => n.recipient_id).sort()).toEqual([admin.reviewer.id, alex.reviewer.id].sort());
    for (const note of notes) {
      expect(note).toMatchObject({
        sender_id: alex.reviewer.id,
        message: '"Night Drive" has a new version (v2) to review',
      });
    }
  });

  it('a review of version 1 no longer counts: the song is back in the reviewer’s pending list', async () => {
    const unreviewed = await server.app.inject({
      method: 'GET',
      url: '/api/v1/overview',
      query: { mine: 'unreviewed' },
      headers: alex.headers,
    });
    expect(unreviewed.json().songs.find((s: { id: string }) => s.id === songId)).toMatchObject({
      current_version_number: 2,
      review_count: 0,
      reviewed_by_me: false,
    });
    expect(await pendingIds(alex.headers)).toContain(songId);
    const reviews = await server.app.inject({
      method: 'GET',
      url: `/api/v1/songs/${songId}/reviews`,
      headers: alex.headers,
    });
    expect(reviews.json()).toMatchObject({ current_version_number: 2, my_review: null });
    expect(reviews.json().earlier).toHaveLength(1);
  });

  it('a used link answers 410 and cannot make another version', async () => {
    const used = { code: 'link_used', message: PUBLIC_LINK_MESSAGES.used };
    const page = await publicCall('GET', link.token);
    expect(page.statusCode).toBe(410);
    expect(page.json().error).toEqual(used);
    const again = await publicCall('POST', link.token, '/complete', {
      audio_file_key: `${admin.organization.id}/audio/${songId}/v2-New_Take_final_.wav`,
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual(used);
    expect(
      (
        await publicCall('POST', link.token, '/upload-url', {
          kind: 'audio',
          filename: 'x.wav',
          content_type: 'audio/wav',
        })
      ).statusCode,
    ).toBe(410);
    const version = await queryRows<{ current_version_number: number }>(
      server.database.global,
      sql`select current_version_number from songs where id = ${songId}`,
    );
    expect(version[0]!.current_version_number).toBe(2);
    // One public-link mechanism: the revision link is a single-use public link, spent, every use logged.
    const [stored] = await queryRows<{ single_use: boolean; used: boolean; uses: string[] }>(
      server.database.global,
      sql`select l.single_use, l.used_at is not null as used,
            array(select u.action || ':' || u.outcome from public_link_uses u where u.link_id = l.id order by u.created_at) as uses
          from public_links l where l.purpose = 'revision_upload' and l.record_id = ${link.id}`,
    );
    expect(stored).toMatchObject({ single_use: true, used: true });
    expect(stored!.uses).toEqual(expect.arrayContaining(['open:allowed', 'submit:allowed', 'open:used']));
  });

  it('an expired link answers 410', async () => {
    const res = await requestRevision(admin.headers, songId);
    expect(res.statusCode, res.body).toBe(201);
    const expired = res.json<RevisionRequestDto>();
    await server.database.global.execute(
      sql`update public_links set expires_at = now() - interval '1 second'
          where purpose = 'revision_upload' and record_id = ${expired.id}`,
    );
    const body = { code: 'link_expired', message: PUBLIC_LINK_MESSAGES.expired };
    const page = await publicCall('GET', expired.token);
    expect(page.statusCode).toBe(410);
    expect(page.json().error).toEqual(body);
    const complete = await publicCall('POST', expired.token, '/complete', { audio_file_key: firstAudioKey });
    expect(complete.json().error).toEqual(body);
  });

  it('an unknown or malformed token answers 404 with the same words', async () => {
    const invalid = { code: 'not_found', message: PUBLIC_LINK_MESSAGES.not_found };
    for (const token of [
      Buffer.alloc(32, 7).toString('base64url'),
      'short',
      'x'.repeat(60),
      `${'x'.repeat(42)}!`,
    ]) {
      const res = await publicCall('GET', token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error).toEqual(invalid);
    }
    const complete = await publicCall('POST', Buffer.alloc(32, 9).toString('base64url'), '/complete', {
      audio_file_key: firstAudioKey,
    });
    expect(complete.json().error).toEqual(invalid);
  });

  it('a song without a known submitter address gets a link that is not mailed; no body is fine', async () => {
    await server.database.global.execute(
      sql`update songs set submission_source = 'Walk-in demo' where id = ${songId}`,
    );
    const res = await requestRevision(admin.headers, songId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mailed_to: null });
    const tooLong = await requestRevision(admin.headers, songId, { message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('message: at most 2000 characters');
  });

  it("answers 404 for another label's song, and needs a member", async () => {
    const res = await requestRevision(outsider.headers, songId, { message: 'hi' });
    expect(res.statusCode).toBe(404);
    const rows = await queryRows<{ n: number }>(
      server.database.global,
      sql`select count(*)::int as n from revision_requests where organization_id = ${outsider.organization.id}`,
    );
    expect(rows[0]!.n).toBe(0);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: `/api/v1/songs/${songId}/revision-requests`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits public link calls per address', async () => {
    const address = uniqueIp();
    const token = Buffer.alloc(32, 3).toString('base64url');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await publicCall('GET', token, '', undefined, address)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await publicCall('GET', token)).statusCode).toBe(404);
  });
});
