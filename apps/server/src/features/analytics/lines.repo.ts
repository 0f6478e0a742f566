import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * The statement lines behind a figure or an alert (decision 0030): the one analytics read of
 * statement_lines, always anchored on a recording, a release or an import (each indexed), imported
 * imports only. Newest sale month first, then file order; paged by a keyset cursor.
 */

export interface LinesFilter {
  recordingId?: string | undefined;
  releaseId?: string | undefined;
  /**
   * With releaseId: the recordings whose default release it is (their lines matched to no release
   * count for it, as in catalogue value); see defaultReleaseTracks.
   */
  defaultReleaseOf?: readonly string[] | undefined;
  importId?: string | undefined;
  source?: string | undefined;
  store?: string | undefined;
  territory?: string | undefined;
  /** 'YYYY-MM', inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Where the last page ended: its last line's sale month ('YYYY-MM-DD'), import and line number. */
export type LinesCursor = { month: string; importId: string; line: number };

export type AnalyticsLineRow = {
  import_id: string;
  import_file_name: string;
  source: string;
  source_name: string | null;
  line_number: number;
  sale_month: string;
  sale_day: string;
  store: string | null;
  territory: string | null;
  isrc: string | null;
  upc: string | null;
  track_title: string | null;
  release_title: string | null;
  artist: string | null;
  sale_type: 'stream' | 'download' | 'physical' | 'sync' | 'other';
  quantity: number;
  net: string;
  currency: string;
  recording_id: string | null;
  release_id: string | null;
};

function conditions(org: string, f: LinesFilter): SQL {
  const where: SQL[] = [sql`l.organization_id = ${org}`];
  if (f.recordingId) where.push(sql`l.recording_id = ${f.recordingId}`);
  if (f.releaseId) {
    const tracks = f.defaultReleaseOf ?? [];
    where.push(
      tracks.length === 0
        ? sql`l.release_id = ${f.releaseId}`
        : sql`(l.release_id = ${f.releaseId} or (l.release_id is null and l.recording_id = any(array[${sql.join(
            tracks.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}])))`,
    );
  }
  if (f.importId) where.push(sql`l.import_id = ${f.importId}`);
  if (f.source) where.push(sql`i.source = ${f.source}`);
  if (f.store) where.push(sql`l.store = ${f.store}`);
  if (f.territory) where.push(sql`l.territory = ${f.territory}`);
  if (f.from) where.push(sql`l.sale_month >= ${`${f.from}-01`}::date`);
  if (f.to) where.push(sql`l.sale_month <= ${`${f.to}-01`}::date`);
  return sql.join(where, sql` and `);
}

const FROM = (org: string) => sql`from statement_lines l
  join royalty_imports i on i.id = l.import_id and i.organization_id = ${org} and i.status = 'imported'`;

const SELECT = sql`select l.import_id, i.file_name as import_file_name, i.source, m.name as source_name, l.line_number,
    to_char(l.sale_month, 'YYYY-MM') as sale_month, l.sale_month::text as sale_day, l.store, l.territory, l.isrc,
    l.upc, l.track_title, l.release_title, l.artist, l.sale_type, l.quantity, l.net::text as net, l.currency,
    l.recording_id, l.release_id`;

/** One page of lines after the cursor (limit + 1 read, so the caller knows whether more follow). */
export async function listLines(
  tx: OrgTx,
  org: string,
  filter: LinesFilter,
  page: { after?: LinesCursor | undefined; limit: number },
) {
  const after = page.after
    ? sql`and (l.sale_month < ${page.after.month}::date or (l.sale_month = ${page.after.month}::date
        and (l.import_id > ${page.after.importId}::uuid
          or (l.import_id = ${page.after.importId}::uuid and l.line_number > ${page.after.line}))))`
    : sql``;
  return queryRows<AnalyticsLineRow>(
    tx,
    sql`${SELECT} ${FROM(org)} left join royalty_mappings m on m.id = i.mapping_id
        where ${conditions(org, filter)} ${after}
        order by l.sale_month desc, l.import_id, l.line_number
        limit ${page.limit + 1}`,
  );
}

/** How many lines the filter selects and what they add up to, per currency. */
export async function summarizeLines(tx: OrgTx, org: string, filter: LinesFilter) {
  const rows = await queryRows<{ currency: string; lines: number; quantity: string; net: string }>(
    tx,
    sql`select l.currency, count(*)::int as lines, sum(l.quantity)::text as quantity, sum(l.net)::text as net
        ${FROM(org)} where ${conditions(org, filter)}
        group by l.currency order by l.currency`,
  );
  return {
    total: rows.reduce((n, r) => n + r.lines, 0),
    quantity: rows.reduce((n, r) => n + Number(r.quantity), 0),
    amounts: rows.map((r) => ({ currency: r.currency, net: r.net })),
  };
}

/** Every line the filter selects, in the list's order, a batch at a time (for the CSV). */
export async function* eachLine(tx: OrgTx, org: string, filter: LinesFilter, batch: number) {
  let after: LinesCursor | undefined;
  for (;;) {
    const rows = await listLines(tx, org, filter, { after, limit: batch });
    const page = rows.slice(0, batch);
    if (page.length > 0) yield page;
    if (rows.length <= batch) return;
    const last = page.at(-1) as AnalyticsLineRow;
    after = { month: last.sale_day, importId: last.import_id, line: last.line_number };
  }
}

/** Which of the ids the filter names are the label's (another label's id is not found). */
export async function findAnchors(
  tx: OrgTx,
  org: string,
  ids: { recordingId?: string | undefined; releaseId?: string | undefined; importId?: string | undefined },
) {
  const [row] = await queryRows<{ recording: boolean; release: boolean; import: boolean }>(
    tx,
    sql`select
          ${ids.recordingId ? sql`exists (select 1 from recordings where organization_id = ${org} and id = ${ids.recordingId})` : sql`true`} as recording,
          ${ids.releaseId ? sql`exists (select 1 from releases where organization_id = ${org} and id = ${ids.releaseId})` : sql`true`} as release,
          ${ids.importId ? sql`exists (select 1 from royalty_imports where organization_id = ${org} and id = ${ids.importId})` : sql`true`} as import`,
  );
  return row ?? { recording: false, release: false, import: false };
}

/**
 * The recordings whose default release is this one: a track's earliest release (release date, then
 * creation), which takes its sales reported without a release (decision 0030; value.repo's rule).
 */
export async function defaultReleaseTracks(tx: OrgTx, org: string, releaseId: string) {
  const rows = await queryRows<{ recording_id: string }>(
    tx,
    sql`select t.recording_id from release_tracks t
        where t.organization_id = ${org} and t.release_id = ${releaseId}
          and ${releaseId}::uuid = (
            select t2.release_id from release_tracks t2 join releases rl on rl.id = t2.release_id
            where t2.organization_id = ${org} and t2.recording_id = t.recording_id
            order by rl.release_date nulls last, rl.created_at, rl.id limit 1)`,
  );
  return [...new Set(rows.map((r) => r.recording_id))];
}
