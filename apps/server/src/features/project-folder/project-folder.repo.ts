import { RECOVERY_DAYS } from '@music-review/core/project-folder';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type FolderRow = {
  id: string;
  song_id: string;
  parent_id: string | null;
  name: string;
  created_at: Date | string;
  deleted_at: Date | string | null;
};

export type FileRow = {
  id: string;
  song_id: string;
  folder_id: string | null;
  name: string;
  file_key: string;
  content_type: string;
  size_bytes: string | number;
  uploaded_by_name: string | null;
  created_at: Date | string;
  deleted_at: Date | string | null;
};

const FILE_COLUMNS = sql`f.id, f.song_id, f.folder_id, f.name, f.file_key, f.content_type, f.size_bytes,
  r.name as uploaded_by_name, f.created_at, f.deleted_at`;

/** One of the label's songs (another label's id finds nothing, like a missing one). */
export async function findSong(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<{ id: string; status: string }>(
    db,
    sql`select id, status from songs where organization_id = ${organizationId} and id = ${songId}`,
  );
  return row;
}

/** Every folder of a song, deleted ones too (the listing decides what is visible). */
export async function listFolders(db: OrgTx, organizationId: string, songId: string) {
  return queryRows<FolderRow>(
    db,
    sql`select id, song_id, parent_id, name, created_at, deleted_at from project_folders
        where organization_id = ${organizationId} and song_id = ${songId} order by lower(name), created_at`,
  );
}

export async function listFiles(db: OrgTx, organizationId: string, songId: string) {
  return queryRows<FileRow>(
    db,
    sql`select ${FILE_COLUMNS} from project_files f left join reviewers r on r.id = f.uploaded_by
        where f.organization_id = ${organizationId} and f.song_id = ${songId} order by lower(f.name), f.created_at`,
  );
}

export async function findFileByKey(db: OrgTx, organizationId: string, fileKey: string) {
  const [row] = await queryRows<FileRow>(
    db,
    sql`select ${FILE_COLUMNS} from project_files f left join reviewers r on r.id = f.uploaded_by
        where f.organization_id = ${organizationId} and f.file_key = ${fileKey}`,
  );
  return row;
}

export async function insertFolder(
  db: OrgTx,
  v: { organizationId: string; songId: string; parentId: string | null; name: string; createdBy: string },
) {
  const [row] = await queryRows<FolderRow>(
    db,
    sql`insert into project_folders (organization_id, song_id, parent_id, name, created_by)
        values (${v.organizationId}, ${v.songId}, ${v.parentId}, ${v.name}, ${v.createdBy})
        returning id, song_id, parent_id, name, created_at, deleted_at`,
  );
  return row!;
}

export async function updateFolder(
  db: OrgTx,
  organizationId: string,
  id: string,
  v: { name?: string; parentId?: string | null; deletedAt?: 'now' | null; deletedBy?: string | null },
) {
  const sets = [];
  if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
  if (v.parentId !== undefined) sets.push(sql`parent_id = ${v.parentId}`);
  if (v.deletedAt !== undefined) {
    sets.push(v.deletedAt === 'now' ? sql`deleted_at = now()` : sql`deleted_at = null`);
    sets.push(sql`deleted_by = ${v.deletedBy ?? null}`);
  }
  await db.execute(
    sql`update project_folders set ${sql.join(sets, sql`, `)} where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function insertFile(
  db: OrgTx,
  v: {
    organizationId: string;
    songId: string;
    folderId: string | null;
    name: string;
    fileKey: string;
    contentType: string;
    sizeBytes: number;
    uploadedBy: string;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into project_files (organization_id, song_id, folder_id, name, file_key, content_type, size_bytes, uploaded_by)
        values (${v.organizationId}, ${v.songId}, ${v.folderId}, ${v.name}, ${v.fileKey}, ${v.contentType},
          ${v.sizeBytes}, ${v.uploadedBy})
        returning id`,
  );
  return row!.id;
}

export async function updateFile(
  db: OrgTx,
  organizationId: string,
  id: string,
  v: { name?: string; folderId?: string | null; deletedAt?: 'now' | null; deletedBy?: string | null },
) {
  const sets = [sql`updated_at = now()`];
  if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
  if (v.folderId !== undefined) sets.push(sql`folder_id = ${v.folderId}`);
  if (v.deletedAt !== undefined) {
    sets.push(v.deletedAt === 'now' ? sql`deleted_at = now()` : sql`deleted_at = null`);
    sets.push(sql`deleted_by = ${v.deletedBy ?? null}`);
  }
  await db.execute(
    sql`update project_files set ${sql.join(sets, sql`, `)} where organization_id = ${organizationId} and id = ${id}`,
  );
}

/**
 * Removes what was deleted more than RECOVERY_DAYS ago in the label: such folders with everything
 * below them, and such files. Returns the file keys, for the caller to remove from storage after
 * the commit.
 */
export async function purgeExpired(db: OrgTx, organizationId: string): Promise<string[]> {
  const cutoff = sql`now() - make_interval(days => ${RECOVERY_DAYS})`;
  const doomed = await queryRows<{ id: string; file_key: string }>(
    db,
    sql`with recursive gone as (
          select id from project_folders
          where organization_id = ${organizationId} and deleted_at is not null and deleted_at <= ${cutoff}
          union
          select c.id from project_folders c join gone g on c.parent_id = g.id
          where c.organization_id = ${organizationId}
        )
        select id, file_key from project_files
        where organization_id = ${organizationId}
          and ((deleted_at is not null and deleted_at <= ${cutoff}) or folder_id in (select id from gone))`,
  );
  const keys = doomed.map((d) => d.file_key);
  if (doomed.length > 0) {
    await db.execute(
      sql`delete from project_files where organization_id = ${organizationId}
          and id in (${sql.join(
            doomed.map((d) => sql`${d.id}`),
            sql`, `,
          )})`,
    );
  }
  // Child folders and their files go with their parent (on delete cascade).
  await db.execute(
    sql`delete from project_folders where organization_id = ${organizationId}
        and deleted_at is not null and deleted_at <= ${cutoff}`,
  );
  return keys;
}
