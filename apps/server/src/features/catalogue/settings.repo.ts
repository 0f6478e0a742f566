import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export interface SettingsRecord {
  isrc_prefix: string | null;
  isrc_year: number | null;
  isrc_next_number: number;
  label_name: string | null;
  default_p_owner: string | null;
  default_c_owner: string | null;
  ddex_dpid: string | null;
  row_version: number;
}

/** What a label has before it saves any setting (no row is written to read them). */
export const DEFAULT_SETTINGS: SettingsRecord = {
  isrc_prefix: null,
  isrc_year: null,
  isrc_next_number: 1,
  label_name: null,
  default_p_owner: null,
  default_c_owner: null,
  ddex_dpid: null,
  row_version: 1,
};

export const SETTINGS_FIELDS = [
  'isrc_prefix',
  'label_name',
  'default_p_owner',
  'default_c_owner',
  'ddex_dpid',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

const COLUMNS = sql`isrc_prefix, isrc_year, isrc_next_number, label_name, default_p_owner, default_c_owner, ddex_dpid, row_version`;

/**
 * The label's settings row, if it has one; with `lock`, locked until the transaction ends (Assign
 * ISRC takes the running number under this lock, so two assignments never take the same one).
 */
export async function findSettings(tx: OrgTx, organizationId: string, options: { lock?: boolean } = {}) {
  const [row] = await queryRows<SettingsRecord>(
    tx,
    sql`select ${COLUMNS} from catalogue_settings where organization_id = ${organizationId}
        ${options.lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The first save of a label's settings; undefined when another save created the row meanwhile. */
export async function insertSettings(
  tx: OrgTx,
  organizationId: string,
  values: Partial<Record<SettingsField, string | null>>,
) {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  const [row] = await queryRows<SettingsRecord>(
    tx,
    sql`insert into catalogue_settings (organization_id, row_version${sql.join(
      entries.map(([k]) => sql`, ${sql.identifier(k)}`),
      sql``,
    )})
        values (${organizationId}, 2${sql.join(
          entries.map(([, v]) => sql`, ${v}`),
          sql``,
        )})
        on conflict (organization_id) do nothing
        returning ${COLUMNS}`,
  );
  return row;
}

/** Saves changed settings as the next version; a new prefix starts its running number again. */
export async function updateSettings(
  tx: OrgTx,
  organizationId: string,
  values: Partial<Record<SettingsField, string | null>>,
) {
  const set = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  if (values.isrc_prefix !== undefined) set.push(sql`isrc_year = null`, sql`isrc_next_number = 1`);
  const [row] = await queryRows<SettingsRecord>(
    tx,
    sql`update catalogue_settings
        set ${sql.join([...set, sql`row_version = row_version + 1`, sql`updated_at = now()`], sql`, `)}
        where organization_id = ${organizationId}
        returning ${COLUMNS}`,
  );
  return row!;
}

/** Where the running number of ISRCs stands after an assignment (not an edit of the settings). */
export async function saveIsrcCounter(tx: OrgTx, organizationId: string, year: number, nextNumber: number) {
  await tx.execute(sql`update catalogue_settings set isrc_year = ${year}, isrc_next_number = ${nextNumber}
    where organization_id = ${organizationId}`);
}

/** How many codes the pool holds, how many are free, and the lowest free one. */
export async function upcPoolSummary(tx: OrgTx, organizationId: string) {
  const [row] = await queryRows<{ total: number; free: number; next: string | null }>(
    tx,
    sql`select count(*)::int as total,
          (count(*) filter (where release_id is null))::int as free,
          (select code from upc_pool where organization_id = ${organizationId} and release_id is null
            order by code limit 1) as next
        from upc_pool where organization_id = ${organizationId}`,
  );
  return row ?? { total: 0, free: 0, next: null };
}

/**
 * Adds codes to the pool, skipping those already there. A code a release of the label already
 * carries (typed in by hand) enters the pool as assigned to it, so Assign UPC never hands it out.
 */
export async function insertUpcCodes(tx: OrgTx, organizationId: string, codes: readonly string[]) {
  const [row] = await queryRows<{ added: number }>(
    tx,
    sql`with added as (
          insert into upc_pool (organization_id, code, release_id, assigned_at)
          select ${organizationId}, c.code, rel.id, case when rel.id is null then null else now() end
          from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as c(code)
          left join lateral (
            select r.id from releases r where r.organization_id = ${organizationId} and r.upc = c.code
            order by r.created_at limit 1
          ) rel on true
          on conflict (organization_id, code) do nothing
          returning 1
        )
        select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}
