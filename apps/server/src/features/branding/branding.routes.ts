import {
  BRANDING_COLOR_TOKENS,
  type BrandingColorToken,
  SHADOW_INTENSITIES,
} from '@music-review/core/branding';
import { brandingInputSchema } from '@music-review/core/branding-schemas';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createBrandingService } from './branding.service.ts';

const security = [{ bearer: [] }];
const tags = ['branding'];

const palette = z.object(
  Object.fromEntries(BRANDING_COLOR_TOKENS.map((token) => [token, z.string().nullable()])) as Record<
    BrandingColorToken,
    z.ZodNullable<z.ZodString>
  >,
);

const brandingSchema = z.object({
  source: z.enum(['v2', 'legacy', 'none']),
  is_enabled: z.boolean(),
  app_name: z.string().nullable(),
  logo_key: z.string().nullable(),
  logo_url: z.string().nullable(),
  favicon_key: z.string().nullable(),
  favicon_url: z.string().nullable(),
  light: palette,
  dark: palette,
  title_font_family: z.string().nullable(),
  subtitle_font_family: z.string().nullable(),
  body_font_family: z.string().nullable(),
  corner_radius: z.string().nullable(),
  shadow_intensity: z.enum(SHADOW_INTENSITIES).nullable(),
  updated_at: z.string().nullable(),
});

export async function brandingRoutes(app: App, ctx: AppContext) {
  const service = createBrandingService(ctx);

  app.get(
    '/api/v1/branding',
    { schema: { tags, security, response: { 200: brandingSchema } } },
    async (req) => service.get(await ctx.auth.requireMember(req)),
  );

  app.put(
    '/api/v1/branding',
    { schema: { tags, security, body: brandingInputSchema, response: { 200: brandingSchema } } },
    async (req) => service.update(await ctx.auth.requireAdmin(req), req.body),
  );
}
