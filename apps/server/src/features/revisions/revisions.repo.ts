import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type RevisionRequestRow = {
  id: string;
  organization_id: string;
  song_id: string;
  message: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
  /** True from expires_at on, by the database's clock (the one that wrote expires_at). */
  is_expired: boolean;
  requested_by: string | null;
};

const requestColumns = sql`id, organization_id, song_id, message, expires_at, used_at,
  (expires_at <= now()) as is_expired, requested_by`;

/** The song a revision link is made for, with its raw submitter address (not the display name). */
export async function findSongForRequest(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<{
    id: string;
    title: string;
    submission_source: string | null;
    label: string;
  }>(
    db,
    sql`select s.id, s.title, s.submission_source, o.name as label
        from songs s join organizations o on o.id = s.organization_id
        where s.organization_id = ${organizationId} and s.id = ${songId}`,
  );
  return rows[0];
}

export async function insertRevisionRequest(
  db: OrgTx,
  values: {
    organizationId: string;
    songId: string;
    message: string | null;
    requestedBy: string;
    submitterEmail: string | null;
    linkDays: number;
  },
) {
  const rows = await queryRows<{ id: string; expires_at: Date | string; created_at: Date | string }>(
    db,
    sql`insert into revision_requests
          (organization_id, song_id, message, requested_by, submitter_email, expires_at)
        values (${values.organizationId}, ${values.songId}, ${values.message},
          ${values.requestedBy}, ${values.submitterEmail}, now() + make_interval(days => ${values.linkDays}))
        returning id, expires_at, created_at`,
  );
  return rows[0]!;
}

/** The request a revision link (public_links, purpose revision_upload) was issued for. */
export async function findRequest(db: OrgTx, organizationId: string, requestId: string) {
  const rows = await queryRows<RevisionRequestRow>(
    db,
    sql`select ${requestColumns} from revision_requests where organization_id = ${organizationId} and id = ${requestId}`,
  );
  return rows[0];
}

/** The request again, locked: two uploads through one link are taken one at a time. */
export async function lockRequest(db: OrgTx, organizationId: string, requestId: string) {
  const rows = await queryRows<RevisionRequestRow>(
    db,
    sql`select ${requestColumns} from revision_requests
        where organization_id = ${organizationId} and id = ${requestId}
        for update`,
  );
  return rows[0];
}

/** What the public page shows: the song's title, the label's name and the version the upload makes. */
export async function findUploadTarget(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<{
    title: string;
    current_version_number: number;
    organization_name: string;
  }>(
    db,
    sql`select s.title, s.current_version_number, o.name as organization_name
        from songs s join organizations o on o.id = s.organization_id
        where s.organization_id = ${organizationId} and s.id = ${songId}`,
  );
  return rows[0];
}

/** The song, locked while its new version is added, so two links cannot both take one number. */
export async function lockSong(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<{
    id: string;
    title: string;
    current_version_number: number;
    audio_file_key: string | null;
    waveform_file_key: string | null;
    revision_count: number;
  }>(
    db,
    sql`select s.id, s.title, s.current_version_number, s.audio_file_key, s.waveform_file_key,
          (select count(*)::int from song_revisions r where r.song_id = s.id) as revision_count
        from songs s
        where s.organization_id = ${organizationId} and s.id = ${songId}
        for update of s`,
  );
  return rows[0];
}

/**
 * Adds the new current version of a song. A song that never had a revision row first gets one for
 * the version it has now (its own files), so every version stays listed. Reviews are per version,
 * so the reviews of earlier versions stop counting from here on.
 */
export async function addSongVersion(
  db: OrgTx,
  values: {
    organizationId: string;
    songId: string;
    previous: { versionNumber: number; audioFileKey: string | null; waveformFileKey: string | null } | null;
    versionNumber: number;
    audioFileKey: string;
    waveformFileKey: string | null;
  },
) {
  if (values.previous) {
    await db.execute(
      sql`insert into song_revisions
            (organization_id, song_id, version_number, audio_file_key, waveform_file_key, is_current_version)
          values (${values.organizationId}, ${values.songId}, ${values.previous.versionNumber},
            ${values.previous.audioFileKey}, ${values.previous.waveformFileKey}, false)`,
    );
  }
  await db.execute(
    sql`update song_revisions set is_current_version = false
        where organization_id = ${values.organizationId} and song_id = ${values.songId} and is_current_version`,
  );
  await db.execute(
    sql`insert into song_revisions
          (organization_id, song_id, version_number, audio_file_key, waveform_file_key, is_current_version)
        values (${values.organizationId}, ${values.songId}, ${values.versionNumber},
          ${values.audioFileKey}, ${values.waveformFileKey}, true)`,
  );
  await db.execute(
    sql`update songs set current_version_number = ${values.versionNumber}, has_revisions = true,
          audio_file_key = ${values.audioFileKey}, waveform_file_key = ${values.waveformFileKey}
        where organization_id = ${values.organizationId} and id = ${values.songId}`,
  );
}

export async function markRequestUsed(
  db: OrgTx,
  organizationId: string,
  requestId: string,
  versionNumber: number,
) {
  await db.execute(
    sql`update revision_requests set used_at = now(), version_number = ${versionNumber}
        where organization_id = ${organizationId} and id = ${requestId}`,
  );
}
