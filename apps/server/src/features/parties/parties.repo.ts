import type { PartyRole } from '@music-review/core/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** The columns a member sets on a party (the API's field names are the column names). */
export const PARTY_FIELDS = [
  'name',
  'aliases',
  'legal_name',
  'party_type',
  'roles',
  'isni',
  'ipi',
  'pro',
  'pro_member_number',
  'country',
  'email',
  'notes',
  'payee_id',
] as const;
export type PartyField = (typeof PARTY_FIELDS)[number];
export type PartyValues = Partial<Record<PartyField, string | string[] | null>>;

export type PartyListRow = {
  id: string;
  name: string;
  aliases: string[];
  legal_name: string | null;
  party_type: string;
  roles: string[];
  ipi: string | null;
  pro: string | null;
  country: string | null;
  recording_count: number;
  work_count: number;
  /** Roles its credits show, whatever `roles` says. */
  credited_artist: boolean;
  credited_producer: boolean;
  credited_writer: boolean;
  credited_publisher: boolean;
  payee_id: string | null;
  payee_name: string | null;
  updated_at: Date | string;
  row_version: number;
};

export type PartyRecord = PartyListRow & {
  isni: string | null;
  pro_member_number: string | null;
  email: string | null;
  notes: string | null;
  created_at: Date | string;
};

export interface PartiesQuery {
  q?: string | undefined;
  role?: PartyRole | undefined;
  sort: 'name' | 'updated';
  limit: number;
  offset: number;
}

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}::text`),
        sql`, `,
      )}]`;

// What a party's credits show: artist (primary, featured, remixer), producer, writer, publisher.
const creditedAs = {
  artist: sql`exists (select 1 from recording_artists ra
    where ra.organization_id = p.organization_id and ra.party_id = p.id and ra.role <> 'producer')`,
  producer: sql`exists (select 1 from recording_artists ra
    where ra.organization_id = p.organization_id and ra.party_id = p.id and ra.role = 'producer')`,
  writer: sql`exists (select 1 from work_writers ww where ww.organization_id = p.organization_id and ww.party_id = p.id)`,
  publisher: sql`exists (select 1 from work_writers ww
    where ww.organization_id = p.organization_id and ww.publisher_id = p.id)`,
};

/** A row with its counts, counted per row (a label has thousands of people, not millions). */
const rowColumns = sql`p.id, p.name, p.aliases, p.legal_name, p.party_type, p.roles, p.ipi, p.pro, p.country,
  p.updated_at, p.row_version, py.id as payee_id, py.name as payee_name,
  (select count(distinct ra.recording_id)::int from recording_artists ra
    where ra.organization_id = p.organization_id and ra.party_id = p.id) as recording_count,
  (select count(distinct ww.work_id)::int from work_writers ww
    where ww.organization_id = p.organization_id and (ww.party_id = p.id or ww.publisher_id = p.id)) as work_count,
  ${creditedAs.artist} as credited_artist, ${creditedAs.producer} as credited_producer,
  ${creditedAs.writer} as credited_writer, ${creditedAs.publisher} as credited_publisher`;

/**
 * A role filter matches the roles set on the person or shown by their credits. The Writers tab
 * (role writer) lists publishers too.
 */
function roleCondition(role: PartyRole): SQL {
  switch (role) {
    case 'artist':
      return sql`('artist' = any(p.roles) or ${creditedAs.artist})`;
    case 'producer':
      return sql`('producer' = any(p.roles) or ${creditedAs.producer})`;
    case 'writer':
      return sql`(p.roles && array['writer', 'publisher']::text[] or ${creditedAs.writer} or ${creditedAs.publisher})`;
    case 'publisher':
      return sql`('publisher' = any(p.roles) or ${creditedAs.publisher})`;
  }
}

/** A page of the label's people and how many match. */
export async function listParties(tx: OrgTx, organizationId: string, query: PartiesQuery) {
  const parts: SQL[] = [sql`p.organization_id = ${organizationId}`];
  if (query.q) {
    const pattern = containsPattern(query.q);
    parts.push(sql`(p.name ilike ${pattern} or p.legal_name ilike ${pattern} or p.ipi ilike ${pattern}
      or p.isni ilike ${pattern} or exists (select 1 from unnest(p.aliases) a where a ilike ${pattern}))`);
  }
  if (query.role) parts.push(roleCondition(query.role));
  const where = sql.join(parts, sql` and `);
  const order =
    query.sort === 'updated' ? sql`p.updated_at desc, p.id desc` : sql`lower(p.name) collate "C", p.id`;
  const rows = await queryRows<PartyListRow>(
    tx,
    sql`select ${rowColumns} from parties p left join payees py on py.id = p.payee_id
        where ${where} order by ${order} limit ${query.limit} offset ${query.offset}`,
  );
  const [counted] = await queryRows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from parties p where ${where}`,
  );
  return { rows, total: counted?.total ?? 0 };
}

const recordSql = (organizationId: string, id: string, lock: boolean) => sql`
  select ${rowColumns}, p.isni, p.pro_member_number, p.email, p.notes, p.created_at
  from parties p left join payees py on py.id = p.payee_id
  where p.organization_id = ${organizationId} and p.id = ${id}
  ${lock ? sql`for update of p` : sql``}`;

export async function findParty(tx: OrgTx, organizationId: string, id: string) {
  const [row] = await queryRows<PartyRecord>(tx, recordSql(organizationId, id, false));
  return row;
}

/** The same, locked until the transaction ends (an edit reads the version it compares). */
export async function lockParty(tx: OrgTx, organizationId: string, id: string) {
  const [row] = await queryRows<PartyRecord>(tx, recordSql(organizationId, id, true));
  return row;
}

/** The recordings a party is credited on, one line per role. */
export async function partyRecordings(tx: OrgTx, organizationId: string, id: string) {
  return queryRows<{ id: string; title: string; display_artist: string; isrc: string | null; role: string }>(
    tx,
    sql`select r.id, r.title, r.display_artist, r.isrc, ra.role
        from recording_artists ra join recordings r on r.id = ra.recording_id
        where ra.organization_id = ${organizationId} and ra.party_id = ${id}
        order by lower(r.title), r.id, ra.position, ra.role`,
  );
}

/** The releases holding a recording the party is credited on, newest first. */
export async function partyReleases(tx: OrgTx, organizationId: string, id: string) {
  return queryRows<{ id: string; title: string; upc: string | null; release_date: string | null }>(
    tx,
    sql`select rel.id, rel.title, rel.upc, rel.release_date::text as release_date from releases rel
        where rel.organization_id = ${organizationId} and rel.id in (
          select t.release_id from recording_artists ra
          join release_tracks t on t.organization_id = ra.organization_id and t.recording_id = ra.recording_id
          where ra.organization_id = ${organizationId} and ra.party_id = ${id})
        order by rel.release_date desc nulls last, lower(rel.title), rel.id`,
  );
}

/** The works a party wrote (role and share) or publishes. */
export async function partyWorks(tx: OrgTx, organizationId: string, id: string) {
  return queryRows<{ id: string; title: string; iswc: string | null; role: string; share_bp: number | null }>(
    tx,
    sql`select id, title, iswc, role, share_bp from (
          select w.id, w.title, w.iswc, ww.role, ww.share_bp, ww.position
          from work_writers ww join works w on w.id = ww.work_id
          where ww.organization_id = ${organizationId} and ww.party_id = ${id}
          union
          select distinct w.id, w.title, w.iswc, 'publisher', null::int, 1000
          from work_writers ww join works w on w.id = ww.work_id
          where ww.organization_id = ${organizationId} and ww.publisher_id = ${id}
        ) x order by lower(title), id, position`,
  );
}

/**
 * The contracts of the label's signed songs whose artist is credited under one of this party's
 * names (case ignored): a signed song names its artist as text, not as a party.
 */
export async function partyContracts(tx: OrgTx, organizationId: string, names: readonly string[]) {
  return queryRows<{
    id: string;
    title: string;
    kind: string;
    status: string;
    song_id: string;
    song_title: string;
  }>(
    tx,
    sql`select c.id, c.title, c.kind, c.status, s.id as song_id, s.title as song_title
        from songs s join contracts c on c.organization_id = s.organization_id and c.song_id = s.id
        where s.organization_id = ${organizationId} and s.status = 'signed'
          and lower(s.artist) = any(array(select lower(n) from unnest(${textArray(names)}) n))
        order by c.created_at desc, c.id`,
  );
}

/** The party credited under this name (main or other credited name, case ignored); main names first. */
export async function findPartyIdByName(tx: OrgTx, organizationId: string, name: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select p.id from parties p
        where p.organization_id = ${organizationId}
          and (lower(p.name) = lower(${name}) or exists (select 1 from unnest(p.aliases) a where lower(a) = lower(${name})))
        order by (lower(p.name) = lower(${name})) desc, p.created_at, p.id
        limit 1`,
  );
  return row?.id ?? null;
}

/** Whether the payee is the label's. */
export async function payeeExists(tx: OrgTx, organizationId: string, payeeId: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from payees where organization_id = ${organizationId} and id = ${payeeId}`,
  );
  return rows.length > 0;
}

function assignments(values: PartyValues) {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ({ column: sql.identifier(k), value: Array.isArray(v) ? textArray(v) : sql`${v}` }));
}

export async function insertParty(tx: OrgTx, organizationId: string, values: PartyValues, createdBy: string) {
  const set = assignments(values);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into parties (organization_id, created_by, ${sql.join(
      set.map((s) => s.column),
      sql`, `,
    )})
        values (${organizationId}, ${createdBy}, ${sql.join(
          set.map((s) => s.value),
          sql`, `,
        )}) returning id`,
  );
  return row!.id;
}

/** Sets the fields given, and counts the change: row_version + 1, updated_at now. */
export async function updateParty(tx: OrgTx, organizationId: string, id: string, values: PartyValues) {
  const set = assignments(values).map((s) => sql`${s.column} = ${s.value}`);
  await tx.execute(
    sql`update parties set ${sql.join([...set, sql`row_version = row_version + 1`, sql`updated_at = now()`], sql`, `)}
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

/** How many recordings and works credit the party (as writer or publisher). */
export async function creditCounts(tx: OrgTx, organizationId: string, id: string) {
  const [row] = await queryRows<{ recordings: number; works: number }>(
    tx,
    sql`select
          (select count(distinct recording_id)::int from recording_artists
            where organization_id = ${organizationId} and party_id = ${id}) as recordings,
          (select count(distinct work_id)::int from work_writers
            where organization_id = ${organizationId} and (party_id = ${id} or publisher_id = ${id})) as works`,
  );
  return row!;
}

export async function deleteParty(tx: OrgTx, organizationId: string, id: string) {
  await tx.execute(sql`delete from parties where organization_id = ${organizationId} and id = ${id}`);
}
