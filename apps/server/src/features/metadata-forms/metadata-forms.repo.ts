import type { MetadataFormStatus } from '@music-review/core/metadata-forms';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type FormRow = {
  id: string;
  song_id: string;
  song_title: string;
  song_artist: string;
  status: MetadataFormStatus;
  data: Record<string, unknown>;
  submitted_at: Date | string | null;
  confirmed_at: Date | string | null;
  confirmed_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const FORM_COLUMNS =
  sql.raw(`f.id, f.song_id, s.title as song_title, s.artist as song_artist, f.status, f.data,
  f.submitted_at, f.confirmed_at, r.name as confirmed_by_name, f.created_at, f.updated_at`);

const FROM_FORMS = sql.raw(`metadata_forms f
  join songs s on s.id = f.song_id and s.organization_id = f.organization_id
  left join reviewers r on r.id = f.confirmed_by and r.organization_id = f.organization_id`);

export async function findSong(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<{ id: string; title: string; artist: string; status: string }>(
    db,
    sql`select id, title, artist, status from songs where organization_id = ${organizationId} and id = ${songId}`,
  );
  return rows[0];
}

/** The song's current files: the current revision's when it has them, else the song's own. */
export async function currentSongFiles(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<{ audio_file_key: string | null; waveform_file_key: string | null }>(
    db,
    sql`select coalesce(r.audio_file_key, s.audio_file_key) as audio_file_key,
          case when r.id is null then s.waveform_file_key else r.waveform_file_key end as waveform_file_key
        from songs s
        left join song_revisions r on r.song_id = s.id and r.organization_id = s.organization_id and r.is_current_version
        where s.organization_id = ${organizationId} and s.id = ${songId}`,
  );
  return rows[0] ?? { audio_file_key: null, waveform_file_key: null };
}

export async function findForm(db: OrgTx, organizationId: string, formId: string, lock = false) {
  const rows = await queryRows<FormRow>(
    db,
    sql`select ${FORM_COLUMNS} from ${FROM_FORMS}
        where f.organization_id = ${organizationId} and f.id = ${formId}
        ${lock ? sql`for update of f` : sql``}`,
  );
  return rows[0];
}

/** The song's forms, newest first. */
export async function listFormsOfSong(db: OrgTx, organizationId: string, songId: string) {
  return queryRows<FormRow>(
    db,
    sql`select ${FORM_COLUMNS} from ${FROM_FORMS}
        where f.organization_id = ${organizationId} and f.song_id = ${songId}
        order by f.created_at desc, f.id`,
  );
}

export async function insertForm(
  db: OrgTx,
  values: { organizationId: string; songId: string; data: object; createdBy: string },
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into metadata_forms (organization_id, song_id, status, data, created_by)
        values (${values.organizationId}, ${values.songId}, 'draft', ${JSON.stringify(values.data)}::jsonb,
          ${values.createdBy})
        returning id`,
  );
  return rows[0]!.id;
}

/** Stores the data; `status` and the stamps change only when given. */
export async function updateForm(
  db: OrgTx,
  organizationId: string,
  formId: string,
  values: {
    data?: object;
    status?: MetadataFormStatus;
    submitted?: 'now' | 'clear';
    confirmedBy?: string | 'clear';
  },
) {
  const sets = [sql`updated_at = now()`];
  if (values.data !== undefined) sets.push(sql`data = ${JSON.stringify(values.data)}::jsonb`);
  if (values.status !== undefined) sets.push(sql`status = ${values.status}`);
  if (values.submitted === 'now') sets.push(sql`submitted_at = now()`);
  if (values.submitted === 'clear') sets.push(sql`submitted_at = null`);
  if (values.confirmedBy === 'clear') sets.push(sql`confirmed_at = null, confirmed_by = null`);
  else if (values.confirmedBy) sets.push(sql`confirmed_at = now(), confirmed_by = ${values.confirmedBy}`);
  const rows = await queryRows<{ updated_at: Date | string }>(
    db,
    sql`update metadata_forms set ${sql.join(sets, sql`, `)}
        where organization_id = ${organizationId} and id = ${formId}
        returning updated_at`,
  );
  return rows[0];
}

/** Every form of the label, newest change first; `q` matches the song's title or artist, or the status. */
export async function listForms(
  db: OrgTx,
  organizationId: string,
  filters: { status?: MetadataFormStatus; q?: string },
) {
  const q = filters.q ? `%${filters.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows<FormRow>(
    db,
    sql`select ${FORM_COLUMNS} from ${FROM_FORMS}
        where f.organization_id = ${organizationId}
          ${filters.status ? sql`and f.status = ${filters.status}` : sql``}
          ${q ? sql`and (lower(s.title) like ${q} or lower(s.artist) like ${q} or f.status like ${q})` : sql``}
        order by f.updated_at desc, f.id
        limit 500`,
  );
}

export async function labelName(db: OrgTx, organizationId: string) {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from organizations where id = ${organizationId}`,
  );
  return rows[0]?.name ?? 'The label';
}

/** Withdraws the form's links that are still usable (a new one replaces them). */
export async function revokeFormLinks(db: OrgTx, organizationId: string, formId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update public_links set revoked_at = now()
        where organization_id = ${organizationId} and purpose = 'metadata_form' and record_id = ${formId}
          and revoked_at is null and used_at is null and expires_at > now()
        returning id`,
  );
  return rows.length;
}
