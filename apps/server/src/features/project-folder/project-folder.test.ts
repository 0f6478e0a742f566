import type { PresignedUploadDto } from '@music-review/core/assets';
import type {
  ProjectFileDto,
  ProjectFolderDto,
  ProjectFolderListingDto,
} from '@music-review/core/project-folder';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { HTML_PAGE, makePng, makeWav } from '../../platform/storage/test-media.ts';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createFileTestServer, injectAs, putPresigned } from '../../test/file-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSignedSong } from '../../test/songs.ts';

type Who = { token: string; organization: { id: string } };

describe('project folder', () => {
  let server: TestServer;
  let ada: Who;
  let ben: Who;
  let outsider: Who;
  let songId: string;
  let base: string;

  const api = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(server, who, method, url, payload);
  const list = async (who: Who = ada) => {
    const res = await api(who, 'GET', base);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProjectFolderListingDto>();
  };
  const createFolder = async (name: string, parent_id: string | null = null) => {
    const res = await api(ada, 'POST', `${base}/folders`, { name, parent_id });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ProjectFolderDto>();
  };
  async function uploadFile(
    name: string,
    contentType: string,
    body: Buffer,
    folder_id: string | null = null,
  ) {
    const presign = await api(ada, 'POST', `${base}/uploads`, {
      folder_id,
      filename: name,
      content_type: contentType,
      size_bytes: body.length,
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const presigned = presign.json<PresignedUploadDto>();
    const put = await putPresigned(server, presigned, body);
    const { key } = presigned;
    return { put, key, confirm: () => api(ada, 'POST', `${base}/files`, { key, folder_id, name }) };
  }

  beforeAll(async () => {
    server = await createFileTestServer('project-folder');
    const admin = await adminWithLabel(server.app, 'Folder Label');
    ada = admin;
    ben = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Folder Elsewhere');
    const song = await insertSignedSong(server, ada.organization.id, {
      title: 'Night Drive',
      artist: 'Mara Lowe',
    });
    songId = song.id;
    base = `/api/v1/songs/${songId}/project-folder`;
  });
  afterAll(() => server.close());

  it('creates nested folders, uploads files into them, renames and moves, and counts storage', async () => {
    const mixes = await createFolder('Mixes');
    const old = await createFolder('Old mixes', mixes.id);
    const up = await uploadFile('mix v1.wav', 'audio/wav', makeWav(400), mixes.id);
    expect(up.put.statusCode, up.put.body).toBe(200);
    const confirmed = await up.confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const file = confirmed.json<ProjectFileDto>();
    expect(file).toMatchObject({ name: 'mix v1.wav', folder_id: mixes.id, content_type: 'audio/wav' });

    expect(
      (await api(ada, 'PATCH', `${base}/files/${file.id}`, { name: 'mix v1 (rough).wav', folder_id: old.id }))
        .statusCode,
    ).toBe(204);
    expect(
      (await api(ben, 'PATCH', `${base}/folders/${old.id}`, { name: 'Archive', parent_id: null })).statusCode,
    ).toBe(204);
    // A folder cannot go inside its own subfolder.
    const cycle = await api(ada, 'PATCH', `${base}/folders/${mixes.id}`, { parent_id: mixes.id });
    expect(cycle.statusCode).toBe(400);

    const listing = await list(ben);
    expect(listing.folders.map((f) => [f.name, f.parent_id])).toEqual([
      ['Archive', null],
      ['Mixes', null],
    ]);
    expect(listing.files).toMatchObject([
      { name: 'mix v1 (rough).wav', folder_id: old.id, size_bytes: makeWav(400).length },
    ]);
    expect(listing.usage).toMatchObject({
      plan_name: 'Starter',
      used_bytes: makeWav(400).length,
      limit_bytes: 1073741824,
    });
  });

  it('deletes softly, restores, and purges after 30 days from storage and usage', async () => {
    const folder = await createFolder('Session files');
    const inFolder = await (await uploadFile('photo.png', 'image/png', makePng(2, 2), folder.id)).confirm();
    const loose = await (
      await uploadFile('notes.txt', 'text/plain', Buffer.from('Take 3 is the one.'))
    ).confirm();
    const looseFile = loose.json<ProjectFileDto>();
    const photo = inFolder.json<ProjectFileDto>();

    expect((await api(ada, 'DELETE', `${base}/folders/${folder.id}`)).statusCode).toBe(204);
    expect((await api(ada, 'DELETE', `${base}/files/${looseFile.id}`)).statusCode).toBe(204);
    let listing = await list();
    expect(listing.folders.some((f) => f.id === folder.id)).toBe(false);
    expect(listing.files.some((f) => f.id === photo.id || f.id === looseFile.id)).toBe(false);
    expect(listing.deleted.folders.map((f) => f.id)).toEqual([folder.id]);
    expect(listing.deleted.files.map((f) => f.id)).toEqual([looseFile.id]);

    expect((await api(ada, 'POST', `${base}/folders/${folder.id}/restore`)).statusCode).toBe(204);
    listing = await list();
    expect(listing.files.some((f) => f.id === photo.id)).toBe(true);

    // Deleted 31 days ago: the next listing purges it, its object and its storage row.
    const [row] = await queryRows<{ file_key: string }>(
      server.database.global,
      sql`update project_files set deleted_at = now() - interval '31 days' where id = ${looseFile.id} returning file_key`,
    );
    await api(ada, 'DELETE', `${base}/folders/${folder.id}`);
    await server.database.global.execute(
      sql`update project_folders set deleted_at = now() - interval '31 days' where id = ${folder.id}`,
    );
    const [photoRow] = await queryRows<{ file_key: string }>(
      server.database.global,
      sql`select file_key from project_files where id = ${photo.id}`,
    );
    listing = await list();
    expect(listing.deleted).toEqual({ folders: [], files: [] });
    for (const key of [row!.file_key, photoRow!.file_key]) {
      expect(await server.ctx.storage.driver.head(key)).toBeNull();
      const usage = await queryRows(
        server.database.global,
        sql`select 1 from storage_usage where file_key = ${key}`,
      );
      expect(usage).toHaveLength(0);
    }
    expect(
      await queryRows(
        server.database.global,
        sql`select 1 from project_files where id in (${looseFile.id}, ${photo.id})`,
      ),
    ).toHaveLength(0);
  });

  it('refuses HTML and SVG, files posing as another type, and files too large', async () => {
    const html = await api(ada, 'POST', `${base}/uploads`, {
      filename: 'x.html',
      content_type: 'text/html',
      size_bytes: 100,
    });
    expect(html.statusCode).toBe(415);
    const svg = await api(ada, 'POST', `${base}/uploads`, {
      filename: 'x.svg',
      content_type: 'image/svg+xml',
      size_bytes: 100,
    });
    expect(svg.statusCode).toBe(415);
    // HTML under any other declared type is refused by its bytes.
    const disguised = await uploadFile('readme.bin', 'application/octet-stream', HTML_PAGE);
    expect(disguised.put.statusCode).toBe(415);
    expect((await disguised.confirm()).statusCode).toBe(404);
    const huge = await api(ada, 'POST', `${base}/uploads`, {
      filename: 'album.zip',
      content_type: 'application/zip',
      size_bytes: 5 * 1024 * 1024 * 1024,
    });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses an upload over the plan’s storage limit, naming the limit', async () => {
    await server.database.global.execute(
      sql`update subscription_plans set storage_limit_bytes = 1000
          where id = (select subscription_plan_id from organizations where id = ${ada.organization.id})`,
    );
    try {
      const res = await api(ada, 'POST', `${base}/uploads`, {
        filename: 'big.zip',
        content_type: 'application/zip',
        size_bytes: 5000,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toContain("your Starter plan's 1000 bytes of storage");
    } finally {
      await server.database.global.execute(
        sql`update subscription_plans set storage_limit_bytes = 1073741824 where name = 'Starter'`,
      );
    }
  });

  it('answers 404 for another label’s song, folders, files and file keys', async () => {
    const folder = await createFolder('Private');
    const file = (
      await (await uploadFile('secret.txt', 'text/plain', Buffer.from('secret'), folder.id)).confirm()
    ).json<ProjectFileDto>();
    expect((await api(outsider, 'GET', base)).statusCode).toBe(404);
    expect((await api(outsider, 'PATCH', `${base}/folders/${folder.id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await api(outsider, 'DELETE', `${base}/files/${file.id}`)).statusCode).toBe(404);
    const theirs = await insertSignedSong(server, outsider.organization.id, {
      title: 'Theirs',
      artist: 'Someone',
    });
    const theirBase = `/api/v1/songs/${theirs.id}/project-folder`;
    expect((await api(outsider, 'DELETE', `${theirBase}/files/${file.id}`)).statusCode).toBe(404);
    expect(
      (await api(outsider, 'POST', `${theirBase}/folders`, { name: 'x', parent_id: folder.id })).statusCode,
    ).toBe(404);
    const [row] = await queryRows<{ file_key: string }>(
      server.database.global,
      sql`select file_key from project_files where id = ${file.id}`,
    );
    const stolen = await api(outsider, 'POST', `${theirBase}/files`, {
      key: row!.file_key,
      name: 'stolen.txt',
    });
    expect(stolen.statusCode).toBe(404);
    expect((await list()).files.some((f) => f.id === file.id)).toBe(true);
  });
});
