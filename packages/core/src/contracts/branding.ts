/**
 * White-label branding (spec sections 3, 4 "Branding" and 9 "Branding defaults"): the label's
 * branding as every page applies it, and the admins' editor saving it. The contract of each
 * endpoint (packages/core/src/endpoint.ts). Handlers: apps/server/src/features/branding/branding.routes.ts.
 */
import { z } from 'zod';
import { BRANDING_COLOR_TOKENS, type BrandingColorToken, SHADOW_INTENSITIES } from '../branding.ts';
import { brandingInputSchema } from '../branding-schemas.ts';
import { endpoint } from '../endpoint.ts';

/** One mode's colours as lowercase #rrggbb; null keeps the app's own colour. */
const palette = z.object(
  Object.fromEntries(BRANDING_COLOR_TOKENS.map((token) => [token, z.string().nullable()])) as Record<
    BrandingColorToken,
    z.ZodNullable<z.ZodString>
  >,
);

const branding = z.object({
  source: z.enum(['v2', 'legacy', 'none']).meta({
    description: 'Which table answered: v2 when it has a row, else the older table, else neither (defaults).',
  }),
  is_enabled: z
    .boolean()
    .meta({ description: 'Only an enabled branding is applied; disabled or absent means the defaults.' }),
  app_name: z.string().nullable(),
  logo_key: z.string().nullable().meta({
    description: "Storage key (type images) of the logo, when it is one of the label's files.",
  }),
  logo_url: z.string().nullable().meta({
    description: "A URL the browser can load: signed for a storage key, or the older table's absolute URL.",
  }),
  favicon_key: z.string().nullable(),
  favicon_url: z.string().nullable(),
  light: palette,
  dark: palette,
  title_font_family: z.string().nullable(),
  subtitle_font_family: z.string().nullable(),
  body_font_family: z.string().nullable(),
  corner_radius: z.string().nullable().meta({ description: 'A CSS length, e.g. 0.5rem or 12px.' }),
  shadow_intensity: z.enum(SHADOW_INTENSITIES).nullable(),
  updated_at: z.string().nullable(),
});

/** GET /api/v1/branding: the caller's organization's branding. */
export type BrandingDto = z.infer<typeof branding>;

export const getBranding = endpoint({
  operationId: 'getBranding',
  summary: "The label's branding: the saved one (enabled or not), the older table's, or the defaults",
  tag: 'branding',
  method: 'GET',
  path: '/api/v1/branding',
  access: 'member',
  responses: { 200: branding },
  errors: [],
});

export const updateBranding = endpoint({
  operationId: 'updateBranding',
  summary: "Saves the label's branding, which from then on wins over the older table",
  tag: 'branding',
  method: 'PUT',
  path: '/api/v1/branding',
  access: 'admin',
  body: brandingInputSchema,
  responses: { 200: branding },
  errors: [],
});
