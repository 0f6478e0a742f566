import {
  BRANDING_COLOR_TOKENS,
  type BrandingDto,
  type BrandingMode,
  type BrandingPalette,
  cssColorToHex,
  defaultBranding,
  emptyPalette,
  FONT_FAMILY,
  normalizeHex,
  radiusToPx,
  SHADOW_INTENSITIES,
  type ShadowIntensity,
} from '@music-review/core/branding';
import type { BrandingInput } from '@music-review/core/branding-schemas';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError } from '../../platform/errors.ts';
import { parseKey } from '../../platform/storage/keys.ts';
import * as repo from './branding.repo.ts';

/**
 * Logo and favicon links are signed for 12 to 24 hours, ending on a 12-hour boundary: every
 * request in the same half-day gets the same URL (with the local driver), so the browser's cache
 * keeps the image instead of downloading it again on each refetch. The web app refetches hourly.
 */
const ASSET_URL_WINDOW_SECONDS = 12 * 3600;

const iso = (v: Date | string) => new Date(v).toISOString();

/** A family name from a CSS font stack ('"Inter", sans-serif' -> Inter); null for generic names. */
function firstFamily(stack: string | null | undefined): string | null {
  const first = stack
    ?.split(',')[0]
    ?.trim()
    .replace(/^["']|["']$/g, '');
  if (!first || /^(sans-serif|serif|monospace|system-ui|ui-[a-z-]+|cursive|fantasy)$/i.test(first))
    return null;
  return FONT_FAMILY.test(first) ? first : null;
}

const validRadius = (v: string | null | undefined) => (v && radiusToPx(v) !== null ? v.trim() : null);
const validShadow = (v: string | null | undefined): ShadowIntensity | null =>
  (SHADOW_INTENSITIES as readonly string[]).includes(v ?? '') ? (v as ShadowIntensity) : null;
const validFont = (v: string | null | undefined) => (v && FONT_FAMILY.test(v) ? v : null);

function v2Palette(row: repo.BrandingV2Row, mode: BrandingMode): BrandingPalette {
  const palette = emptyPalette();
  for (const token of BRANDING_COLOR_TOKENS) {
    const value = row[`${token}_${mode}`];
    palette[token] = value ? normalizeHex(value) : null;
  }
  return palette;
}

/**
 * The older table's shadcn-style tokens on the same palette: foreground serves both text tokens,
 * the optional button colours fill in when a mode has no primary or secondary of its own.
 * It has no waveform colour.
 */
function legacyPalette(row: repo.LegacyBrandingRow, mode: BrandingMode): BrandingPalette {
  const token = (name: string) => cssColorToHex(row[`${mode}_${name}`] as string | null);
  const shared = (name: string) => cssColorToHex(row[name] as string | null);
  return {
    background_color: token('background'),
    card_background: token('card'),
    title_text_color: token('foreground'),
    body_text_color: token('foreground'),
    primary_color: token('primary') ?? shared('button_primary_background'),
    primary_text_color: token('primary_foreground') ?? shared('button_primary_foreground'),
    secondary_color: token('secondary') ?? shared('button_secondary_background'),
    secondary_text_color: token('secondary_foreground') ?? shared('button_secondary_foreground'),
    waveform_unplayed_color: null,
    border_color: token('border'),
  };
}

export function createBrandingService(ctx: AppContext) {
  const { database } = ctx;
  const { driver } = ctx.storage;

  /**
   * A stored logo or favicon as the DTO shows it: one of the label's image keys is signed; the
   * older table's absolute https URLs pass through; anything else is dropped.
   */
  async function asset(
    organizationId: string,
    stored: string | null,
  ): Promise<{ key: string | null; url: string | null }> {
    if (!stored) return { key: null, url: null };
    const parsed = parseKey(stored);
    if (parsed) {
      if (parsed.organizationId !== organizationId || parsed.type !== 'images')
        return { key: null, url: null };
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = (Math.floor(now / ASSET_URL_WINDOW_SECONDS) + 2) * ASSET_URL_WINDOW_SECONDS;
      const { url } = await driver.signedGetUrl(stored, expiresAt - now);
      return { key: stored, url };
    }
    return /^https:\/\/[^\s"'<>]+$/i.test(stored) ? { key: null, url: stored } : { key: null, url: null };
  }

  async function fromV2(organizationId: string, row: repo.BrandingV2Row): Promise<BrandingDto> {
    const [logo, favicon] = await Promise.all([
      asset(organizationId, row.logo_url),
      asset(organizationId, row.favicon_url),
    ]);
    return {
      source: 'v2',
      is_enabled: row.is_enabled,
      app_name: row.app_name,
      logo_key: logo.key,
      logo_url: logo.url,
      favicon_key: favicon.key,
      favicon_url: favicon.url,
      light: v2Palette(row, 'light'),
      dark: v2Palette(row, 'dark'),
      title_font_family: validFont(row.title_font_family),
      subtitle_font_family: validFont(row.subtitle_font_family),
      body_font_family: validFont(row.body_font_family),
      corner_radius: validRadius(row.corner_radius),
      shadow_intensity: validShadow(row.shadow_intensity),
      updated_at: iso(row.updated_at),
    };
  }

  async function fromLegacy(organizationId: string, row: repo.LegacyBrandingRow): Promise<BrandingDto> {
    const [logo, favicon] = await Promise.all([
      asset(organizationId, row.logo_url),
      asset(organizationId, row.favicon_url),
    ]);
    const shadows = ['shadow_sm', 'shadow_md', 'shadow_lg', 'shadow_xl'].map((c) => row[c]);
    return {
      source: 'legacy',
      is_enabled: row.is_enabled,
      app_name: row.app_name,
      logo_key: logo.key,
      logo_url: logo.url,
      favicon_key: favicon.key,
      favicon_url: favicon.url,
      light: legacyPalette(row, 'light'),
      dark: legacyPalette(row, 'dark'),
      title_font_family: null,
      subtitle_font_family: null,
      body_font_family: firstFamily(row.font_family_sans),
      corner_radius: validRadius(row.border_radius),
      // The older table stored shadows as CSS; only "no shadows at all" has a preset to map to.
      shadow_intensity: shadows.every((s) => s === 'none') ? 'none' : null,
      updated_at: iso(row.updated_at),
    };
  }

  /** The key must be an image of the caller's label that was uploaded (presigned, then PUT). */
  async function checkImageKey(organizationId: string, field: string, key: string | null) {
    if (!key) return;
    const parsed = parseKey(key);
    if (!parsed || parsed.organizationId !== organizationId || parsed.type !== 'images') {
      throw new AppError(
        'validation_failed',
        `${field}: must be the storage key of an image uploaded for your label`,
      );
    }
    const info = await driver.head(key);
    if (!info?.contentType.startsWith('image/')) {
      throw new AppError('validation_failed', `${field}: the image was not found; upload it again`);
    }
  }

  return {
    /**
     * GET /api/v1/branding: v2 when the organization has a row (enabled or not), else the older
     * table, else the defaults. No row is not an error (the spec's PGRST116 rule).
     */
    async get(member: Member): Promise<BrandingDto> {
      const { organizationId } = member;
      const { v2, legacy } = await database.withOrg(organizationId, async (tx) => {
        const v2Row = await repo.findV2(tx, organizationId);
        return { v2: v2Row, legacy: v2Row ? undefined : await repo.findLegacy(tx, organizationId) };
      });
      if (v2) return fromV2(organizationId, v2);
      if (legacy) return fromLegacy(organizationId, legacy);
      return defaultBranding();
    },

    /** PUT /api/v1/branding (admins): writes the v2 row, which from then on wins over the older table. */
    async update(member: Member, input: BrandingInput): Promise<BrandingDto> {
      const { organizationId } = member;
      await checkImageKey(organizationId, 'logo_key', input.logo_key);
      await checkImageKey(organizationId, 'favicon_key', input.favicon_key);
      const row = await database.withOrg(organizationId, (tx) => repo.upsertV2(tx, organizationId, input));
      return fromV2(organizationId, row);
    },
  };
}
