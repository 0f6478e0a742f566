import type {
  IssuedLinkDto,
  PressPhotoFileDto,
  PressPhotoUploadDto,
  PublicQuestionnaireDto,
  SongMarketingDto,
} from '@music-review/core/marketing';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { HTML_PAGE, makePng } from '../../platform/storage/test-media.ts';
import { adminWithLabel, uniqueIp } from '../../test/api-helpers.ts';
import { createFileTestServer, putPresigned, storagePath } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSignedSong } from '../../test/songs.ts';

type Headers = { authorization: string };

describe('marketing questionnaire: uploaded press photos', () => {
  let server: TestServer;
  let label: Awaited<ReturnType<typeof adminWithLabel>>;
  let other: Awaited<ReturnType<typeof adminWithLabel>>;
  let songId: string;
  let otherSongId: string;
  const png = makePng(40, 30);

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers?: Headers,
    payload?: Record<string, unknown>,
  ) => server.app.inject({ method, url, headers, remoteAddress: uniqueIp(), payload });

  const issueLink = async (song: string, headers: Headers) => {
    const res = await call('POST', `/api/v1/songs/${song}/marketing/questionnaire/links`, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<IssuedLinkDto>().token;
  };
  const base = (token: string) => `/api/v1/public/marketing-forms/${token}`;
  const presign = (token: string, filename: string, contentType: string, size: number) =>
    call('POST', `${base(token)}/photos/upload-url`, undefined, {
      filename,
      content_type: contentType,
      size_bytes: size,
    });
  const confirm = (token: string, key: string) =>
    call('POST', `${base(token)}/photos/confirm`, undefined, { key });
  const remove = (token: string, key: string) =>
    call('DELETE', `${base(token)}/photos?key=${encodeURIComponent(key)}`);
  /** The browser's three steps for one PNG; returns the confirmed photo. */
  const uploadPng = async (token: string, filename: string) => {
    const res = await presign(token, filename, 'image/png', png.length);
    expect(res.statusCode, res.body).toBe(200);
    const presigned = res.json<PressPhotoUploadDto>();
    expect((await putPresigned(server, presigned, png)).statusCode).toBe(200);
    const confirmed = await confirm(token, presigned.key);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    return confirmed.json<PressPhotoFileDto>();
  };
  const usageOf = async (key: string) =>
    queryRows<{ file_size_bytes: string }>(
      server.database.global,
      sql`select file_size_bytes from storage_usage where file_key = ${key}`,
    );
  const labelView = async (headers: Headers, song: string) => {
    const res = await call('GET', `/api/v1/songs/${song}/marketing`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SongMarketingDto>().questionnaire;
  };

  beforeAll(async () => {
    server = await createFileTestServer('marketing-photos');
    label = await adminWithLabel(server.app, 'Photo Label');
    other = await adminWithLabel(server.app, 'Other Photo Label');
    songId = (
      await insertSignedSong(server, label.organization.id, { title: 'Paper Moons', artist: 'Ivy Lane' })
    ).id;
    otherSongId = (
      await insertSignedSong(server, other.organization.id, { title: 'Elsewhere', artist: 'Someone' })
    ).id;
  });
  afterAll(() => server.close());

  it('uploads a PNG the label then sees and downloads; keeps it through autosave; removes one; refuses HTML', async () => {
    const token = await issueLink(songId, label.headers);
    const photo = await uploadPng(token, 'Ivy Lane – studio (1).png');
    expect(photo).toMatchObject({
      filename: 'Ivy_Lane_studio_1_.png',
      size_bytes: png.length,
      content_type: 'image/png',
    });
    expect(photo.key).toMatch(new RegExp(`^${label.organization.id}/assets/[0-9a-f-]+/press-[0-9a-f]+-`));
    expect(Number((await usageOf(photo.key))[0]?.file_size_bytes)).toBe(png.length);
    // Confirming twice keeps one.
    expect((await confirm(token, photo.key)).statusCode).toBe(201);

    // Autosave sends the answers only; the uploaded photos and the link photos both stay.
    const saved = await call('PUT', base(token), undefined, {
      data: {
        bio_short: 'Ivy Lane writes late-night folk.',
        press_photos: [{ url: 'photos.example.com/ivy.jpg', caption: 'Photo: Sam Reed' }],
        press_photo_files: [{ key: 'forged', filename: 'x.png', size_bytes: 1, content_type: 'image/png' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await uploadPng(token, 'live.png');
    const opened = (await call('GET', base(token))).json<PublicQuestionnaireDto>();
    expect(opened.press_photo_files?.map((p) => p.filename)).toEqual(['Ivy_Lane_studio_1_.png', 'live.png']);
    expect(opened.data.press_photos).toEqual([
      { url: 'https://photos.example.com/ivy.jpg', caption: 'Photo: Sam Reed' },
    ]);

    // The label sees both with working addresses; another label sees nothing of this song.
    const seen = await labelView(label.headers, songId);
    expect(seen.press_photo_files).toHaveLength(2);
    const download = await server.app.inject({
      method: 'GET',
      url: storagePath(seen.press_photo_files![0]!.url),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);
    expect((await call('GET', `/api/v1/songs/${songId}/marketing`, other.headers)).statusCode).toBe(404);

    // Removing one deletes its file and usage row.
    expect((await remove(token, second.key)).statusCode).toBe(204);
    expect(await server.ctx.storage.driver.head(second.key)).toBeNull();
    expect(await usageOf(second.key)).toEqual([]);
    expect((await remove(token, second.key)).statusCode).toBe(404);
    expect((await labelView(label.headers, songId)).press_photo_files?.map((p) => p.key)).toEqual([
      photo.key,
    ]);

    // HTML: refused by its declared type, by the store on PUT, and (S3 path) when confirmed.
    const declared = await presign(token, 'page.html', 'text/html', HTML_PAGE.length);
    expect(declared.statusCode).toBe(415);
    expect(declared.json().error.message).toBe('Press photos must be JPEG, PNG or WebP images.');
    const pdf = await presign(token, 'bio.pdf', 'application/pdf', 100);
    expect(pdf.statusCode).toBe(415);
    const disguised = (
      await presign(token, 'fake.png', 'image/png', HTML_PAGE.length)
    ).json<PressPhotoUploadDto>();
    expect((await putPresigned(server, disguised, HTML_PAGE)).statusCode).toBe(415);
    await server.ctx.storage.driver.put(disguised.key, HTML_PAGE, { contentType: 'image/png' });
    const refused = await confirm(token, disguised.key);
    expect(refused.statusCode, refused.body).toBe(415);
    expect(await server.ctx.storage.driver.head(disguised.key)).toBeNull();
    expect((await labelView(label.headers, songId)).press_photo_files).toHaveLength(1);

    // Bad input names the field.
    const bad = await call('POST', `${base(token)}/photos/upload-url`, undefined, {
      filename: 'a.png',
      content_type: 'image/png',
      size_bytes: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('size_bytes: the file is empty');
  });

  it("refuses another form's or another label's keys with 404, and uploads after the submission with 410", async () => {
    const token = await issueLink(songId, label.headers);
    const otherToken = await issueLink(otherSongId, other.headers);
    const foreign = await uploadPng(otherToken, 'theirs.png');

    // Another label's photo key, through this link: not found, and left alone.
    expect((await confirm(token, foreign.key)).statusCode).toBe(404);
    expect((await remove(token, foreign.key)).statusCode).toBe(404);
    expect(await server.ctx.storage.driver.head(foreign.key)).not.toBeNull();
    // A key of this label but another form (same org, other id) and a non-photo key: not found.
    const [orgId, , formId] = foreign.key.split('/');
    const ownOrgOtherForm = `${label.organization.id}/assets/${formId}/press-abc123-x.png`;
    expect((await confirm(token, ownOrgOtherForm)).statusCode).toBe(404);
    expect((await confirm(token, 'not/a/key')).statusCode).toBe(404);
    expect(orgId).toBe(other.organization.id);

    // The submission spends the link: no more uploads, confirmations or removals.
    const mine = await uploadPng(token, 'mine.png');
    const submitted = await call('POST', `${base(token)}/submit`, undefined, {
      data: { bio_short: 'Short bio', pitch: 'A pitch' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const late = await presign(token, 'late.png', 'image/png', png.length);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(PUBLIC_LINK_MESSAGES.used);
    expect((await remove(token, mine.key)).statusCode).toBe(410);
    // The submitted answers keep the uploaded photo.
    const seen = await labelView(label.headers, songId);
    expect(seen.status).toBe('submitted');
    expect(seen.press_photo_files?.map((p) => p.filename)).toContain('mine.png');
    // An unknown token is 404.
    expect((await presign('nope', 'a.png', 'image/png', 10)).statusCode).toBe(404);
  });
});
