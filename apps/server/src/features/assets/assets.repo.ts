import type { AssetKind, AssetScope } from '@music-review/core/assets';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type SongRow = { id: string; title: string; artist: string; status: string };

export type AssetDetails = {
  summary?: string;
  accepted?: boolean;
  problems?: string[];
  restored_from?: number | null;
};

export type AssetRow = {
  id: string;
  song_id: string;
  scope: AssetScope;
  kind: AssetKind;
  version: number;
  file_key: string;
  filename: string;
  content_type: string;
  size_bytes: string | number;
  details: AssetDetails;
  uploaded_by_name: string | null;
  created_at: Date | string;
};

const COLUMNS = sql`a.id, a.song_id, a.scope, a.kind, a.version, a.file_key, a.filename, a.content_type,
  a.size_bytes, a.details, r.name as uploaded_by_name, a.created_at`;

/** One of the label's songs (another label's id finds nothing, like a missing one). */
export async function findSong(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<SongRow>(
    db,
    sql`select id, title, artist, status from songs where organization_id = ${organizationId} and id = ${songId}`,
  );
  return row;
}

/** Every version of every kind of a song, each kind's newest first. */
export async function listAssets(db: OrgTx, organizationId: string, songId: string) {
  return queryRows<AssetRow>(
    db,
    sql`select ${COLUMNS} from song_assets a left join reviewers r on r.id = a.uploaded_by
        where a.organization_id = ${organizationId} and a.song_id = ${songId}
        order by a.kind, a.version desc`,
  );
}

export async function findAsset(db: OrgTx, organizationId: string, songId: string, assetId: string) {
  const [row] = await queryRows<AssetRow>(
    db,
    sql`select ${COLUMNS} from song_assets a left join reviewers r on r.id = a.uploaded_by
        where a.organization_id = ${organizationId} and a.song_id = ${songId} and a.id = ${assetId}`,
  );
  return row;
}

export async function findAssetByKey(db: OrgTx, organizationId: string, fileKey: string) {
  const [row] = await queryRows<AssetRow>(
    db,
    sql`select ${COLUMNS} from song_assets a left join reviewers r on r.id = a.uploaded_by
        where a.organization_id = ${organizationId} and a.file_key = ${fileKey}
        order by a.version limit 1`,
  );
  return row;
}

/**
 * Adds the next version of a kind. A transaction-scoped advisory lock on (song, kind) serialises
 * two uploads finishing at once, so versions stay 1, 2, 3 without a unique index.
 */
export async function insertAssetVersion(
  db: OrgTx,
  values: {
    organizationId: string;
    songId: string;
    scope: AssetScope;
    kind: AssetKind;
    fileKey: string;
    filename: string;
    contentType: string;
    sizeBytes: number;
    details: AssetDetails;
    uploadedBy: string | null;
  },
) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`song_assets:${values.songId}:${values.kind}`}))`,
  );
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into song_assets (organization_id, song_id, scope, kind, version, file_key, filename,
          content_type, size_bytes, details, uploaded_by)
        select ${values.organizationId}, ${values.songId}, ${values.scope}, ${values.kind},
          coalesce(max(version), 0) + 1, ${values.fileKey}, ${values.filename}, ${values.contentType},
          ${values.sizeBytes}, ${JSON.stringify(values.details)}::jsonb, ${values.uploadedBy}
        from song_assets where organization_id = ${values.organizationId} and song_id = ${values.songId}
          and kind = ${values.kind}
        returning id`,
  );
  return row!.id;
}

export type ReadinessRow = { created_at: Date | string; marked_by_name: string | null };

export async function findReadiness(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<ReadinessRow>(
    db,
    sql`select rr.marked_at as created_at, r.name as marked_by_name
        from release_readiness rr left join reviewers r on r.id = rr.marked_by
        where rr.organization_id = ${organizationId} and rr.song_id = ${songId}`,
  );
  return row;
}

/** metadata_forms belongs to the metadata feature: read only, "confirmed" by the label. */
export async function isMetadataConfirmed(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from metadata_forms
        where organization_id = ${organizationId} and song_id = ${songId} and status = 'confirmed' limit 1`,
  );
  return rows.length > 0;
}

export async function markReady(db: OrgTx, organizationId: string, songId: string, markedBy: string) {
  await db.execute(
    sql`insert into release_readiness (organization_id, song_id, marked_by)
        values (${organizationId}, ${songId}, ${markedBy}) on conflict (song_id) do nothing`,
  );
}

export async function unmarkReady(db: OrgTx, organizationId: string, songId: string) {
  await db.execute(
    sql`delete from release_readiness where organization_id = ${organizationId} and song_id = ${songId}`,
  );
}
