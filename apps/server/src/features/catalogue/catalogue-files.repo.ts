import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** A version that passed its checks (a refused upload is deleted, but older rows may say so). */
const isAccepted = sql`(a.details->>'accepted') is distinct from 'false'`;

/**
 * The file a signed song's release assets hold for a kind: the newest version that passed its
 * checks (song_assets belongs to the assets feature; read only here). `songId` is a column of the
 * outer statement, so a record without a song finds nothing.
 */
const newestSongAsset = (organizationId: SQL, songId: SQL, kind: 'artwork' | 'master', column: SQL) => sql`(
  select ${column} from song_assets a
  where a.organization_id = ${organizationId} and a.song_id = ${songId} and a.kind = ${kind} and ${isAccepted}
  order by a.version desc limit 1)`;

export type ReleaseArtworkRow = {
  row_version: number;
  artwork_key: string | null;
  song_artwork_key: string | null;
};

/** A release's own artwork and its signed song's (and its version), or undefined when it is not the label's. */
export async function releaseArtwork(tx: OrgTx, organizationId: string, releaseId: string) {
  const [row] = await queryRows<ReleaseArtworkRow>(
    tx,
    sql`select rel.row_version, rel.artwork_key,
          ${newestSongAsset(sql`rel.organization_id`, sql`rel.song_id`, 'artwork', sql`a.file_key`)} as song_artwork_key
        from releases rel
        where rel.organization_id = ${organizationId} and rel.id = ${releaseId}`,
  );
  return row;
}

export type TrackMasterRow = {
  recording_id: string;
  audio_master_key: string | null;
  song_master_key: string | null;
};

/** Each track's own master and its signed song's, in disc and track order. */
export async function trackMasters(tx: OrgTx, organizationId: string, releaseId: string) {
  return queryRows<TrackMasterRow>(
    tx,
    sql`select t.recording_id, r.audio_master_key,
          ${newestSongAsset(sql`r.organization_id`, sql`r.song_id`, 'master', sql`a.file_key`)} as song_master_key
        from release_tracks t
        join recordings r on r.organization_id = t.organization_id and r.id = t.recording_id
        where t.organization_id = ${organizationId} and t.release_id = ${releaseId}
        order by t.disc_number, t.track_number`,
  );
}

/** The newest accepted asset of a kind of one of the label's songs: its key and file name. */
export async function songAsset(
  tx: OrgTx,
  organizationId: string,
  songId: string,
  kind: 'artwork' | 'master',
) {
  const [row] = await queryRows<{ file_key: string; filename: string }>(
    tx,
    sql`select a.file_key, a.filename from song_assets a
        where a.organization_id = ${organizationId} and a.song_id = ${songId} and a.kind = ${kind}
          and ${isAccepted}
        order by a.version desc limit 1`,
  );
  return row;
}

/** Sets (or clears, null) a release's own artwork as its next version. */
export async function setReleaseArtwork(tx: OrgTx, organizationId: string, id: string, key: string | null) {
  await tx.execute(
    sql`update releases set artwork_key = ${key}, row_version = row_version + 1, updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

/** Sets (or clears, null) a recording's own master as its next version. */
export async function setRecordingMaster(tx: OrgTx, organizationId: string, id: string, key: string | null) {
  await tx.execute(
    sql`update recordings set audio_master_key = ${key}, row_version = row_version + 1, updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}
