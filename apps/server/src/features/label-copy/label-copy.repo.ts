import type { LabelCopyDocument, LabelCopyStatus } from '@music-review/core/label-copy';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * label_copies and what prefills them. Every statement filters on the organization (and runs in
 * `withOrg`, so row-level security holds too). The generated document is kept in the row's `data`
 * under `_generated`, apart from the label copy's own fields, so that a save never drops it.
 */

export type LabelCopyRow = {
  id: string;
  organization_id: string;
  song_id: string;
  song_title: string;
  song_artist: string;
  status: LabelCopyStatus;
  data: Record<string, unknown>;
  generated: { at: string; document: LabelCopyDocument } | null;
  submitted_at: Date | string | null;
  finalized_at: Date | string | null;
  updated_at: Date | string;
};

const COLUMNS = sql`lc.id, lc.organization_id, lc.song_id, s.title as song_title, s.artist as song_artist,
  lc.status, lc.data - '_generated' as data, lc.data -> '_generated' as generated,
  lc.submitted_at, lc.finalized_at, lc.updated_at`;

export type SongRow = { id: string; title: string; artist: string; status: string };

export async function findSong(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<SongRow>(
    db,
    sql`select id, title, artist, status from songs where organization_id = ${organizationId} and id = ${songId}`,
  );
  return row ?? null;
}

export async function findLabelCopy(db: OrgTx, organizationId: string, id: string, lock = false) {
  const [row] = await queryRows<LabelCopyRow>(
    db,
    sql`select ${COLUMNS} from label_copies lc join songs s on s.id = lc.song_id
        where lc.organization_id = ${organizationId} and lc.id = ${id}
        ${lock ? sql`for update of lc` : sql``}`,
  );
  return row ?? null;
}

export async function findLabelCopyOfSong(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<LabelCopyRow>(
    db,
    sql`select ${COLUMNS} from label_copies lc join songs s on s.id = lc.song_id
        where lc.organization_id = ${organizationId} and lc.song_id = ${songId}`,
  );
  return row ?? null;
}

/** The new row's id, or null when the song already has a label copy (one per song). */
export async function insertLabelCopy(
  db: OrgTx,
  values: { organizationId: string; songId: string; data: unknown; status?: LabelCopyStatus },
) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into label_copies (organization_id, song_id, status, data)
        values (${values.organizationId}, ${values.songId}, ${values.status ?? 'draft'},
          ${JSON.stringify(values.data)}::jsonb)
        on conflict (song_id) do nothing
        returning id`,
  );
  return row?.id ?? null;
}

/**
 * Replaces the label copy's fields, keeping the generated document, and the catalogue snapshot
 * (`_catalogue`, features/catalogue/catalogue.sync.ts) unless the new data brings its own.
 */
export async function updateData(db: OrgTx, organizationId: string, id: string, data: unknown) {
  await db.execute(
    sql`update label_copies
        set data = case when data ? '_catalogue' then jsonb_build_object('_catalogue', data -> '_catalogue')
                        else '{}'::jsonb end
              || ${JSON.stringify(data)}::jsonb
              || case when data ? '_generated' then jsonb_build_object('_generated', data -> '_generated')
                      else '{}'::jsonb end,
            updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function setStatus(db: OrgTx, organizationId: string, id: string, status: LabelCopyStatus) {
  await db.execute(
    sql`update label_copies
        set status = ${status},
            submitted_at = case when ${status} = 'submitted' then now() else submitted_at end,
            finalized_at = case when ${status} = 'final' then now() else null end,
            updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function setGenerated(
  db: OrgTx,
  organizationId: string,
  id: string,
  generated: { at: string; document: LabelCopyDocument },
) {
  await db.execute(
    sql`update label_copies
        set data = jsonb_set(data, '{_generated}', ${JSON.stringify(generated)}::jsonb, true)
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function organizationName(db: OrgTx, organizationId: string) {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from organizations where id = ${organizationId}`,
  );
  return row?.name ?? '';
}

/** The song's confirmed metadata form, else its latest one (read only: metadata is another area's). */
export async function metadataForPrefill(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<{ status: string; data: Record<string, unknown> }>(
    db,
    sql`select status, data from metadata_forms
        where organization_id = ${organizationId} and song_id = ${songId}
        order by (status = 'confirmed') desc, updated_at desc, created_at desc
        limit 1`,
  );
  return row ?? null;
}

/** The song's newest signed contract (read only). */
export async function signedContractForPrefill(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<{
    title: string;
    kind: string;
    status: string;
    artist_name: string;
    terms: Record<string, unknown>;
    completed_at: Date | string | null;
  }>(
    db,
    sql`select title, kind, status, artist_name, terms, completed_at from contracts
        where organization_id = ${organizationId} and song_id = ${songId} and status = 'signed'
        order by completed_at desc nulls last, created_at desc
        limit 1`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Exports (the spec's check_export_limit / record_export_usage, section 7).

export async function checkExportLimit(db: OrgTx, organizationId: string, exportType: string) {
  const [row] = await queryRows<{ allowed: boolean | null }>(
    db,
    sql`select check_export_limit(${organizationId}, ${exportType}) as allowed`,
  );
  return row?.allowed === true;
}

export async function recordExportUsage(db: OrgTx, organizationId: string, exportType: string) {
  await db.execute(sql`select record_export_usage(${organizationId}, ${exportType})`);
}

export async function exportState(db: OrgTx, organizationId: string, exportTypes: readonly string[]) {
  const [plan] = await queryRows<{ monthly_export_limit: number }>(
    db,
    sql`select p.monthly_export_limit from organizations o
        join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${organizationId}`,
  );
  const counts = await queryRows<{ export_type: string; count: number | string }>(
    db,
    sql`select export_type, count(*) as count from export_usage
        where organization_id = ${organizationId}
          and export_type in (${sql.join(
            exportTypes.map((t) => sql`${t}`),
            sql`, `,
          )})
          and created_at >= date_trunc('month', now())
        group by export_type`,
  );
  const used = new Map(counts.map((c) => [c.export_type, Number(c.count)]));
  return {
    limit: plan?.monthly_export_limit ?? 0,
    used: (type: string) => used.get(type) ?? 0,
  };
}
