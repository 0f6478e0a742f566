import { BRANDING_COLOR_TOKENS } from '@music-review/core/branding';
import type { BrandingInput } from '@music-review/core/branding-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** A whitelabel_branding_v2 row (only the columns the API uses). */
export type BrandingV2Row = {
  is_enabled: boolean;
  app_name: string | null;
  logo_url: string | null;
  favicon_url: string | null;
  title_font_family: string | null;
  subtitle_font_family: string | null;
  body_font_family: string | null;
  corner_radius: string | null;
  shadow_intensity: string | null;
  updated_at: Date | string;
} & Record<`${(typeof BRANDING_COLOR_TOKENS)[number]}_${'light' | 'dark'}`, string | null>;

/** A whitelabel_branding row (the older table), as a loose record: its many tokens are mapped by name. */
export type LegacyBrandingRow = {
  is_enabled: boolean;
  app_name: string | null;
  logo_url: string | null;
  favicon_url: string | null;
  font_family_sans: string | null;
  border_radius: string | null;
  shadow_md: string | null;
  updated_at: Date | string;
} & Record<string, unknown>;

export async function findV2(db: OrgTx, organizationId: string): Promise<BrandingV2Row | undefined> {
  const rows = await queryRows<BrandingV2Row>(
    db,
    sql`select * from whitelabel_branding_v2 where organization_id = ${organizationId}`,
  );
  return rows[0];
}

export async function findLegacy(db: OrgTx, organizationId: string): Promise<LegacyBrandingRow | undefined> {
  const rows = await queryRows<LegacyBrandingRow>(
    db,
    sql`select * from whitelabel_branding where organization_id = ${organizationId}`,
  );
  return rows[0];
}

/** Inserts or replaces the organization's v2 row (one per organization: its unique index). */
export async function upsertV2(
  db: OrgTx,
  organizationId: string,
  input: BrandingInput,
): Promise<BrandingV2Row> {
  const values: Record<string, string | boolean | null> = {
    is_enabled: input.is_enabled,
    app_name: input.app_name,
    logo_url: input.logo_key,
    favicon_url: input.favicon_key,
    title_font_family: input.title_font_family,
    subtitle_font_family: input.subtitle_font_family,
    body_font_family: input.body_font_family,
    corner_radius: input.corner_radius,
    shadow_intensity: input.shadow_intensity,
  };
  for (const token of BRANDING_COLOR_TOKENS) {
    values[`${token}_light`] = input.light[token];
    values[`${token}_dark`] = input.dark[token];
  }
  const columns = Object.keys(values);
  // Column names come from the fixed lists above, never from the request.
  const names = sql.raw(columns.join(', '));
  const params: SQL[] = columns.map((c) => sql`${values[c]}`);
  const updates = sql.raw([...columns.map((c) => `${c} = excluded.${c}`), 'updated_at = now()'].join(', '));
  const rows = await queryRows<BrandingV2Row>(
    db,
    sql`insert into whitelabel_branding_v2 (organization_id, ${names})
        values (${organizationId}, ${sql.join(params, sql`, `)})
        on conflict (organization_id) do update set ${updates}
        returning *`,
  );
  return rows[0]!;
}
