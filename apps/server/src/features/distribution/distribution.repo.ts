import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, type OwnerScope, queryRows } from '../../platform/db/index.ts';

/**
 * Distribution's tables, and the catalogue's as distribution reads them (a read model: the
 * catalogue's own feature writes them; decision 0027). Every statement names the label.
 */

export type ReleaseRow = {
  id: string;
  title: string;
  version: string | null;
  display_artist: string;
  release_type: 'single' | 'ep' | 'album' | 'compilation';
  upc: string | null;
  catalogue_number: string | null;
  label_name: string | null;
  release_date: string | null;
  original_release_date: string | null;
  p_line_year: number | null;
  p_line_owner: string | null;
  c_line_year: number | null;
  c_line_owner: string | null;
  genre: string | null;
  track_count: number;
  dpid: string | null;
  settings_label_name: string | null;
  territory_mode: 'worldwide' | 'include' | 'exclude' | null;
  territories: string[] | null;
  pre_order_date: string | null;
  terms_row_version: number | null;
};

export async function findRelease(tx: OrgTx, org: string, releaseId: string) {
  const [row] = await queryRows<ReleaseRow>(
    tx,
    sql`select r.id, r.title, r.version, r.display_artist, r.release_type, r.upc, r.catalogue_number,
          r.label_name, to_char(r.release_date, 'YYYY-MM-DD') as release_date,
          to_char(r.original_release_date, 'YYYY-MM-DD') as original_release_date,
          r.p_line_year, r.p_line_owner, r.c_line_year, r.c_line_owner, r.genre,
          (select count(*)::int from release_tracks t where t.organization_id = ${org} and t.release_id = r.id) as track_count,
          s.ddex_dpid as dpid, s.label_name as settings_label_name,
          d.territory_mode, d.territories, to_char(d.pre_order_date, 'YYYY-MM-DD') as pre_order_date,
          d.row_version as terms_row_version
        from releases r
        left join catalogue_settings s on s.organization_id = r.organization_id
        left join release_distribution d on d.release_id = r.id
        where r.organization_id = ${org} and r.id = ${releaseId}`,
  );
  return row;
}

export type TrackRow = {
  recording_id: string;
  disc_number: number;
  track_number: number;
  title: string;
  version: string | null;
  display_artist: string;
  isrc: string | null;
  duration_seconds: number | null;
  explicit: boolean;
  genre: string | null;
  subgenre: string | null;
  language: string | null;
  p_line_year: number | null;
  p_line_owner: string | null;
  work_id: string | null;
  writer_share_bp: number | null;
  master_share_bp: number | null;
  artists: { name: string; role: string; isni: string | null; ipi: string | null }[];
  writers: { name: string; role: string; isni: string | null; ipi: string | null }[];
};

/** The release's tracks in disc and track order, with credits, writers and the share totals. */
export async function releaseTracks(tx: OrgTx, org: string, releaseId: string) {
  return queryRows<TrackRow>(
    tx,
    sql`select rec.id as recording_id, t.disc_number, t.track_number, rec.title, rec.version,
          rec.display_artist, rec.isrc, rec.duration_seconds, rec.explicit, rec.genre, rec.subgenre,
          rec.language, rec.p_line_year, rec.p_line_owner, rec.work_id,
          (select sum(w.share_bp)::int from work_writers w
            where w.organization_id = ${org} and w.work_id = rec.work_id) as writer_share_bp,
          (select sum(m.share_bp)::int from master_splits m
            where m.organization_id = ${org} and m.recording_id = rec.id) as master_share_bp,
          coalesce((select json_agg(json_build_object('name', p.name, 'role', a.role, 'isni', p.isni, 'ipi', p.ipi)
                     order by a.position, p.name)
             from recording_artists a join parties p on p.id = a.party_id and p.organization_id = ${org}
             where a.organization_id = ${org} and a.recording_id = rec.id), '[]'::json) as artists,
          coalesce((select json_agg(json_build_object('name', p.name, 'role', w.role, 'isni', p.isni, 'ipi', p.ipi)
                     order by w.position, p.name)
             from work_writers w join parties p on p.id = w.party_id and p.organization_id = ${org}
             where w.organization_id = ${org} and w.work_id = rec.work_id), '[]'::json) as writers
        from release_tracks t
        join recordings rec on rec.id = t.recording_id and rec.organization_id = ${org}
        where t.organization_id = ${org} and t.release_id = ${releaseId}
        order by t.disc_number, t.track_number`,
  );
}

export type InspectionRow = { storage_key: string; result: Record<string, unknown> };

export async function inspections(tx: OrgTx, org: string, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = await queryRows<InspectionRow>(
    tx,
    sql`select storage_key, result from media_inspections
        where organization_id = ${org} and storage_key in ${sqlList(keys)}`,
  );
  return new Map(rows.map((r) => [r.storage_key, r.result]));
}

export async function saveInspection(tx: OrgTx, org: string, key: string, result: Record<string, unknown>) {
  await tx.execute(
    sql`insert into media_inspections (organization_id, storage_key, result)
        values (${org}, ${key}, ${JSON.stringify(result)}::jsonb)
        on conflict (organization_id, storage_key) do update set result = excluded.result, inspected_at = now()`,
  );
}

const sqlList = (values: readonly string[]): SQL =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

export async function saveReadinessSummary(
  tx: OrgTx,
  org: string,
  releaseId: string,
  counts: { errors: number; warnings: number },
) {
  await tx.execute(
    sql`insert into release_distribution (release_id, organization_id, readiness_errors, readiness_warnings, readiness_checked_at)
        values (${releaseId}, ${org}, ${counts.errors}, ${counts.warnings}, now())
        on conflict (release_id) do update set readiness_errors = excluded.readiness_errors,
          readiness_warnings = excluded.readiness_warnings, readiness_checked_at = now()
        where release_distribution.readiness_errors is distinct from excluded.readiness_errors
           or release_distribution.readiness_warnings is distinct from excluded.readiness_warnings`,
  );
}

export async function saveDealTerms(
  tx: OrgTx,
  org: string,
  releaseId: string,
  terms: { territory_mode: string; territories: string[]; pre_order_date: string | null },
  rowVersion: number | undefined,
) {
  const [row] = await queryRows<{ row_version: number }>(
    tx,
    sql`insert into release_distribution (release_id, organization_id, territory_mode, territories, pre_order_date)
        values (${releaseId}, ${org}, ${terms.territory_mode}, ${JSON.stringify(terms.territories)}::jsonb, ${terms.pre_order_date})
        on conflict (release_id) do update set territory_mode = excluded.territory_mode,
          territories = excluded.territories, pre_order_date = excluded.pre_order_date,
          row_version = release_distribution.row_version + 1, updated_at = now()
        where ${rowVersion === undefined ? sql`true` : sql`release_distribution.row_version = ${rowVersion}`}
        returning row_version`,
  );
  return row?.row_version ?? null;
}

// ---- Destinations ----

export type DestinationRow = {
  id: string;
  name: string;
  kind: 'sftp' | 's3' | 'folder';
  config: Record<string, unknown>;
  secret_sealed: string | null;
  recipient_dpid: string;
  recipient_name: string;
  stores: string[];
  enabled: boolean;
  acks_checked_at: Date | null;
  acks_error: string | null;
  row_version: number;
};

const DESTINATION_COLUMNS = sql`id, name, kind, config, secret_sealed, recipient_dpid, recipient_name, stores,
  enabled, acks_checked_at, acks_error, row_version`;

export async function listDestinations(tx: OrgTx, org: string) {
  return queryRows<DestinationRow>(
    tx,
    sql`select ${DESTINATION_COLUMNS} from distribution_destinations where organization_id = ${org} order by name`,
  );
}

export async function findDestination(tx: OrgTx, org: string, id: string) {
  const [row] = await queryRows<DestinationRow>(
    tx,
    sql`select ${DESTINATION_COLUMNS} from distribution_destinations where organization_id = ${org} and id = ${id}`,
  );
  return row;
}

export type DestinationValues = {
  name: string;
  kind: string;
  config: Record<string, unknown>;
  secret_sealed: string | null;
  recipient_dpid: string;
  recipient_name: string;
  stores: string[];
  enabled: boolean;
};

export async function insertDestination(tx: OrgTx, org: string, v: DestinationValues) {
  const [row] = await queryRows<DestinationRow>(
    tx,
    sql`insert into distribution_destinations (organization_id, name, kind, config, secret_sealed, recipient_dpid,
          recipient_name, stores, enabled)
        values (${org}, ${v.name}, ${v.kind}, ${JSON.stringify(v.config)}::jsonb, ${v.secret_sealed}, ${v.recipient_dpid},
          ${v.recipient_name}, ${JSON.stringify(v.stores)}::jsonb, ${v.enabled})
        on conflict (organization_id, name) do nothing
        returning ${DESTINATION_COLUMNS}`,
  );
  return row;
}

export async function updateDestination(
  tx: OrgTx,
  org: string,
  id: string,
  rowVersion: number,
  v: DestinationValues,
) {
  const [row] = await queryRows<DestinationRow>(
    tx,
    sql`update distribution_destinations set name = ${v.name}, kind = ${v.kind}, config = ${JSON.stringify(v.config)}::jsonb,
          secret_sealed = ${v.secret_sealed}, recipient_dpid = ${v.recipient_dpid}, recipient_name = ${v.recipient_name},
          stores = ${JSON.stringify(v.stores)}::jsonb, enabled = ${v.enabled},
          row_version = row_version + 1, updated_at = now()
        where organization_id = ${org} and id = ${id} and row_version = ${rowVersion}
        returning ${DESTINATION_COLUMNS}`,
  );
  return row;
}

export async function deleteDestination(tx: OrgTx, org: string, id: string) {
  await tx.execute(sql`delete from distribution_destinations where organization_id = ${org} and id = ${id}`);
}

export async function destinationHasDeliveryInFlight(tx: OrgTx, org: string, id: string) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from distribution_deliveries
        where organization_id = ${org} and destination_id = ${id} and status in ('queued', 'sending')`,
  );
  return (row?.n ?? 0) > 0;
}

export async function nameTaken(tx: OrgTx, org: string, name: string, exceptId: string | null) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from distribution_destinations
        where organization_id = ${org} and lower(name) = lower(${name})
          and ${exceptId ? sql`id <> ${exceptId}` : sql`true`}`,
  );
  return (row?.n ?? 0) > 0;
}

export type UnmatchedAckRow = {
  destination_id: string;
  file_name: string;
  outcome: string;
  detail: string | null;
  created_at: Date;
};

export async function unmatchedAcks(tx: OrgTx, org: string) {
  return queryRows<UnmatchedAckRow>(
    tx,
    sql`select destination_id, file_name, outcome, detail, created_at from distribution_acks
        where organization_id = ${org} and outcome <> 'applied'
        order by created_at desc limit 100`,
  );
}

// ---- Deliveries, store statuses, history ----

export type DeliveryRow = {
  id: string;
  release_id: string;
  destination_id: string;
  destination_name: string;
  kind: 'new' | 'update' | 'takedown';
  message_id: string;
  status: 'queued' | 'sending' | 'delivered' | 'failed';
  job_id: string | null;
  files: { path: string; bytes: number; md5: string; sha256: string }[];
  error: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

const DELIVERY_SELECT = sql`select d.id, d.release_id, d.destination_id, coalesce(dest.name, '') as destination_name,
  d.kind, d.message_id, d.status, d.job_id, d.files, d.error, d.created_by, rv.name as created_by_name,
  d.created_at, d.started_at, d.finished_at
  from distribution_deliveries d
  left join distribution_destinations dest on dest.id = d.destination_id
  left join reviewers rv on rv.id = d.created_by`;

export async function releaseDeliveries(tx: OrgTx, org: string, releaseId: string) {
  return queryRows<DeliveryRow>(
    tx,
    sql`${DELIVERY_SELECT} where d.organization_id = ${org} and d.release_id = ${releaseId}
        order by d.created_at desc limit 50`,
  );
}

export async function findDelivery(tx: OrgTx, org: string, id: string) {
  const [row] = await queryRows<DeliveryRow>(
    tx,
    sql`${DELIVERY_SELECT} where d.organization_id = ${org} and d.id = ${id}`,
  );
  return row;
}

export async function findDeliveryByMessageId(
  tx: OrgTx,
  org: string,
  destinationId: string,
  messageId: string,
) {
  const [row] = await queryRows<DeliveryRow>(
    tx,
    sql`${DELIVERY_SELECT} where d.organization_id = ${org} and d.destination_id = ${destinationId}
        and d.message_id = ${messageId}`,
  );
  return row;
}

/** The destination a delivery of this release is in flight to, if any (the edit lock). */
export async function deliveryInFlight(tx: OrgTx, org: string, releaseId: string) {
  const [row] = await queryRows<{ destination_name: string }>(
    tx,
    sql`select coalesce(dest.name, '') as destination_name from distribution_deliveries d
        left join distribution_destinations dest on dest.id = d.destination_id
        where d.organization_id = ${org} and d.release_id = ${releaseId} and d.status in ('queued', 'sending')
        limit 1`,
  );
  return row ?? null;
}

export async function insertDelivery(
  tx: OrgTx,
  org: string,
  v: {
    releaseId: string;
    destinationId: string;
    kind: string;
    messageId: string;
    ernXml: string;
    /** The batch's files as planned (their checksums from the inspections); the job confirms each. */
    files: unknown[];
    createdBy: string | null;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into distribution_deliveries (organization_id, release_id, destination_id, kind, message_id, ern_xml,
          files, created_by)
        values (${org}, ${v.releaseId}, ${v.destinationId}, ${v.kind}, ${v.messageId}, ${v.ernXml},
          ${JSON.stringify(v.files)}::jsonb, ${v.createdBy})
        returning id`,
  );
  return row!.id;
}

export async function deliveryErn(tx: OrgTx, org: string, id: string) {
  const [row] = await queryRows<{ ern_xml: string; message_id: string }>(
    tx,
    sql`select ern_xml, message_id from distribution_deliveries
        where organization_id = ${org} and id = ${id} and ern_xml is not null`,
  );
  return row;
}

/** Serialises delivery decisions on one release (held to the end of the transaction). */
export async function lockRelease(tx: OrgTx, org: string, releaseId: string) {
  await queryRows(
    tx,
    sql`select id from releases where organization_id = ${org} and id = ${releaseId} for update`,
  );
}

/** Whether a media inspection job for this release is waiting or running. */
export async function inspectionJobPending(tx: OrgTx, org: string, releaseId: string) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from jobs
        where organization_id = ${org} and kind = 'distribution-inspect-media'
          and status in ('queued', 'running') and input->>'release_id' = ${releaseId}
          and created_at > now() - interval '15 minutes'`,
  );
  return (row?.n ?? 0) > 0;
}

export async function setDeliveryJob(tx: OrgTx, org: string, id: string, jobId: string) {
  await tx.execute(
    sql`update distribution_deliveries set job_id = ${jobId} where organization_id = ${org} and id = ${id}`,
  );
}

export async function markDelivery(
  tx: OrgTx,
  org: string,
  id: string,
  v: {
    status: 'sending' | 'delivered' | 'failed' | 'queued';
    error?: string | null;
    files?: unknown[];
  },
) {
  await tx.execute(
    sql`update distribution_deliveries set status = ${v.status},
          error = ${v.error === undefined ? sql`error` : sql`${v.error}`},
          files = ${v.files === undefined ? sql`files` : sql`${JSON.stringify(v.files)}::jsonb`},
          started_at = case when ${v.status} = 'sending' then coalesce(started_at, now()) else started_at end,
          finished_at = case when ${v.status} in ('delivered', 'failed') then now() else null end
        where organization_id = ${org} and id = ${id}`,
  );
}

export type StoreRow = {
  release_id: string;
  destination_id: string;
  destination_name: string;
  store: string;
  status: string;
  action: string | null;
  note: string | null;
  last_delivery_id: string | null;
  queued_at: Date | null;
  delivered_at: Date | null;
  live_at: Date | null;
  error_at: Date | null;
  taken_down_at: Date | null;
  updated_at: Date | null;
};

export async function releaseStores(tx: OrgTx, org: string, releaseId: string) {
  return queryRows<StoreRow>(
    tx,
    sql`select s.release_id, s.destination_id, coalesce(dest.name, '') as destination_name, s.store, s.status, s.action,
          s.note, s.last_delivery_id, s.queued_at, s.delivered_at, s.live_at, s.error_at, s.taken_down_at, s.updated_at
        from distribution_store_status s
        left join distribution_destinations dest on dest.id = s.destination_id
        where s.organization_id = ${org} and s.release_id = ${releaseId}
        order by dest.name, s.store`,
  );
}

const STEP_COLUMN: Record<string, string | undefined> = {
  queued: 'queued_at',
  takedown_requested: 'queued_at',
  delivered: 'delivered_at',
  live: 'live_at',
  error: 'error_at',
  taken_down: 'taken_down_at',
};

/**
 * Sets one store's status (making its row), stamping the step's time, and writes the history
 * entry. Answers the status it had before (null when the row is new).
 */
export async function setStoreStatus(
  tx: OrgTx,
  org: string,
  v: {
    releaseId: string;
    destinationId: string;
    store: string;
    status: string;
    action?: string | null;
    note?: string | null;
    deliveryId?: string | null;
    actorId?: string | null;
    eventKind: string;
    message?: string | null;
  },
) {
  const [before] = await queryRows<{ status: string }>(
    tx,
    sql`select status from distribution_store_status
        where organization_id = ${org} and release_id = ${v.releaseId} and destination_id = ${v.destinationId}
          and store = ${v.store} for update`,
  );
  const step = STEP_COLUMN[v.status];
  const stamp = (column: string) =>
    step === column ? sql`now()` : sql.raw(`distribution_store_status.${column}`);
  const fresh = (column: string) => (step === column ? sql`now()` : sql`null`);
  await tx.execute(
    sql`insert into distribution_store_status (organization_id, release_id, destination_id, store, status, action, note,
          last_delivery_id, queued_at, delivered_at, live_at, error_at, taken_down_at)
        values (${org}, ${v.releaseId}, ${v.destinationId}, ${v.store}, ${v.status}, ${v.action ?? null}, ${v.note ?? null},
          ${v.deliveryId ?? null}, ${fresh('queued_at')}, ${fresh('delivered_at')}, ${fresh('live_at')},
          ${fresh('error_at')}, ${fresh('taken_down_at')})
        on conflict (release_id, destination_id, store) do update set status = excluded.status,
          action = coalesce(excluded.action, distribution_store_status.action),
          note = excluded.note,
          last_delivery_id = coalesce(excluded.last_delivery_id, distribution_store_status.last_delivery_id),
          queued_at = ${stamp('queued_at')}, delivered_at = ${stamp('delivered_at')}, live_at = ${stamp('live_at')},
          error_at = ${stamp('error_at')}, taken_down_at = ${stamp('taken_down_at')}, updated_at = now()`,
  );
  await addEvent(tx, org, {
    releaseId: v.releaseId,
    destinationId: v.destinationId,
    deliveryId: v.deliveryId ?? null,
    store: v.store,
    kind: v.eventKind,
    fromStatus: before?.status ?? null,
    toStatus: v.status,
    message: v.message ?? v.note ?? null,
    actorId: v.actorId ?? null,
  });
  return before?.status ?? null;
}

export async function addEvent(
  tx: OrgTx,
  org: string,
  v: {
    releaseId: string | null;
    destinationId?: string | null;
    deliveryId?: string | null;
    store?: string | null;
    kind: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    message?: string | null;
    actorId?: string | null;
  },
) {
  await tx.execute(
    sql`insert into distribution_events (organization_id, release_id, destination_id, delivery_id, store, kind,
          from_status, to_status, message, actor_id)
        values (${org}, ${v.releaseId}, ${v.destinationId ?? null}, ${v.deliveryId ?? null}, ${v.store ?? null}, ${v.kind},
          ${v.fromStatus ?? null}, ${v.toStatus ?? null}, ${v.message ?? null}, ${v.actorId ?? null})`,
  );
}

export type EventRow = {
  id: string;
  created_at: Date;
  kind: string;
  store: string | null;
  destination_name: string | null;
  from_status: string | null;
  to_status: string | null;
  message: string | null;
  actor_name: string | null;
};

export async function releaseHistory(tx: OrgTx, org: string, releaseId: string) {
  return queryRows<EventRow>(
    tx,
    sql`select e.id, e.created_at, e.kind, e.store, dest.name as destination_name, e.from_status, e.to_status,
          e.message, rv.name as actor_name
        from distribution_events e
        left join distribution_destinations dest on dest.id = e.destination_id
        left join reviewers rv on rv.id = e.actor_id
        where e.organization_id = ${org} and e.release_id = ${releaseId}
        order by e.created_at desc, e.id desc limit 200`,
  );
}

export async function lastValidation(tx: OrgTx, org: string, releaseId: string) {
  const [row] = await queryRows<{
    created_at: Date;
    to_status: string;
    message: string | null;
    from_status: string;
  }>(
    tx,
    sql`select created_at, to_status, message, from_status from distribution_events
        where organization_id = ${org} and release_id = ${releaseId} and kind = 'validation'
        order by created_at desc limit 1`,
  );
  return row ?? null;
}

// ---- The /distribution list ----

export type ListRow = {
  id: string;
  title: string;
  version: string | null;
  display_artist: string;
  release_type: string;
  upc: string | null;
  catalogue_number: string | null;
  release_date: string | null;
  track_count: number;
  readiness_errors: number | null;
  readiness_warnings: number | null;
  pipeline_status: string;
  stores_total: number;
  stores_live: number;
  stores_error: number;
  destinations: string[];
  last_change_at: Date | null;
  total: number;
};

/**
 * A page of the label's releases with their pipeline status, computed here as core's
 * `pipelineStatus` does (the list filters and pages on it): any store in error; a delivery in
 * flight; on hold; what the sent stores share; else the last readiness check.
 */
export async function listReleases(
  tx: OrgTx,
  org: string,
  q: {
    q?: string | undefined;
    destination?: string | undefined;
    status?: string | undefined;
    limit: number;
    offset: number;
  },
) {
  const search = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows<ListRow>(
    tx,
    sql`select * , count(*) over ()::int as total from (
        select r.id, r.title, r.version, r.display_artist, r.release_type, r.upc, r.catalogue_number,
          to_char(r.release_date, 'YYYY-MM-DD') as release_date, r.release_date as sort_date,
          (select count(*)::int from release_tracks t where t.organization_id = ${org} and t.release_id = r.id) as track_count,
          d.readiness_errors, d.readiness_warnings,
          coalesce(st.n, 0) as stores_total, coalesce(st.n_live, 0) as stores_live, coalesce(st.n_error, 0) as stores_error,
          coalesce(st.destinations, '{}') as destinations, st.last_change_at,
          case
            when st.n_error > 0 then 'error'
            when st.n_progress > 0 then 'in_progress'
            when st.n_hold > 0 then 'on_hold'
            when st.n_sent > 0 and st.n_down = st.n_sent then 'taken_down'
            when st.n_sent > 0 and st.n_live + st.n_down = st.n_sent then 'live'
            when st.n_sent > 0 then 'delivered'
            when d.readiness_errors is null then 'draft'
            when d.readiness_errors > 0 then 'blocked'
            else 'ready'
          end as pipeline_status
        from releases r
        left join release_distribution d on d.release_id = r.id
        left join lateral (
          select count(*)::int as n,
            count(*) filter (where s.status = 'error')::int as n_error,
            count(*) filter (where s.status in ('queued', 'takedown_requested'))::int as n_progress,
            count(*) filter (where s.status = 'on_hold')::int as n_hold,
            count(*) filter (where s.status not in ('draft', 'ready'))::int as n_sent,
            count(*) filter (where s.status = 'live')::int as n_live,
            count(*) filter (where s.status = 'taken_down')::int as n_down,
            array_agg(distinct dest.name) as destinations,
            max(s.updated_at) as last_change_at
          from distribution_store_status s join distribution_destinations dest on dest.id = s.destination_id
          where s.organization_id = ${org} and s.release_id = r.id
        ) st on true
        where r.organization_id = ${org}
          ${search ? sql`and (r.title ilike ${search} or r.display_artist ilike ${search} or r.upc ilike ${search})` : sql``}
          ${
            q.destination
              ? sql`and exists (select 1 from distribution_store_status s2 where s2.organization_id = ${org}
                  and s2.release_id = r.id and s2.destination_id = ${q.destination})`
              : sql``
          }
      ) x
      ${q.status ? sql`where x.pipeline_status = ${q.status}` : sql``}
      order by x.last_change_at desc nulls last, x.sort_date desc nulls last, x.title, x.id
      limit ${q.limit} offset ${q.offset}`,
  );
}

export async function listCounts(tx: OrgTx, org: string, today: string) {
  const [row] = await queryRows<{
    stores_in_error: number;
    releases_in_error: number;
    going_live_this_week: number;
  }>(
    tx,
    sql`select
          (select count(*)::int from distribution_store_status where organization_id = ${org} and status = 'error') as stores_in_error,
          (select count(distinct release_id)::int from distribution_store_status where organization_id = ${org} and status = 'error') as releases_in_error,
          (select count(*)::int from releases r where r.organization_id = ${org}
             and r.release_date >= ${today}::date and r.release_date < ${today}::date + 7
             and exists (select 1 from distribution_store_status s where s.organization_id = ${org} and s.release_id = r.id
               and s.status in ('queued', 'delivered', 'live'))) as going_live_this_week`,
  );
  return row!;
}

// ---- Acknowledgements (read across labels by the poller) ----

export type PollableDestination = DestinationRow & { organization_id: string };

export async function destinationsToPoll(owner: OwnerScope) {
  return queryRows<PollableDestination>(
    owner,
    sql`select organization_id, ${DESTINATION_COLUMNS} from distribution_destinations where enabled
        order by acks_checked_at nulls first limit 200`,
  );
}

export async function ackSeen(tx: OrgTx, org: string, destinationId: string, fileName: string) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from distribution_acks
        where organization_id = ${org} and destination_id = ${destinationId} and file_name = ${fileName}`,
  );
  return (row?.n ?? 0) > 0;
}

/** Records an acknowledgement file once; false when another copy recorded it first. */
export async function recordAck(
  tx: OrgTx,
  org: string,
  v: {
    destinationId: string;
    fileName: string;
    messageId: string | null;
    deliveryId: string | null;
    outcome: string;
    fileStatus: string | null;
    detail: string | null;
  },
) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into distribution_acks (organization_id, destination_id, file_name, message_id, delivery_id, outcome,
          file_status, detail)
        values (${org}, ${v.destinationId}, ${v.fileName}, ${v.messageId}, ${v.deliveryId}, ${v.outcome},
          ${v.fileStatus}, ${v.detail})
        on conflict (destination_id, file_name) do nothing returning id`,
  );
  return rows.length > 0;
}

export async function markAcksChecked(tx: OrgTx, org: string, destinationId: string, error: string | null) {
  await tx.execute(
    sql`update distribution_destinations set acks_checked_at = now(), acks_error = ${error}
        where organization_id = ${org} and id = ${destinationId}`,
  );
}

export async function storesOfDelivery(tx: OrgTx, org: string, deliveryId: string) {
  return queryRows<{ store: string; status: string }>(
    tx,
    sql`select store, status from distribution_store_status where organization_id = ${org} and last_delivery_id = ${deliveryId}`,
  );
}

export async function releaseTitle(tx: OrgTx, org: string, releaseId: string) {
  const [row] = await queryRows<{ title: string }>(
    tx,
    sql`select title from releases where organization_id = ${org} and id = ${releaseId}`,
  );
  return row?.title ?? '';
}
