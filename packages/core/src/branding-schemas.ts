import { z } from 'zod';
import {
  APP_NAME_MAX,
  BRANDING_COLOR_TOKENS,
  type BrandingColorToken,
  type BrandingMode,
  emptyPalette,
  FONT_FAMILY,
  normalizeHex,
  radiusToPx,
  SHADOW_INTENSITIES,
} from './branding.ts';

/** PUT /api/v1/branding's body (the shapes, defaults and rules are in branding.ts, which loads without zod). */

/** Empty text means "not set": the default applies. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const hexField = (path: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${path}: use a hex colour such as #7c3aed` })
      .refine((v) => normalizeHex(v) !== null, { message: `${path}: use a hex colour such as #7c3aed` })
      .transform((v) => normalizeHex(v) as string)
      .nullable(),
  );

const optionalHex = (path: string) => hexField(path).default(null);

const paletteSchema = (mode: BrandingMode) =>
  z.object(
    Object.fromEntries(
      BRANDING_COLOR_TOKENS.map((token) => [token, optionalHex(`${mode}.${token}`)]),
    ) as Record<BrandingColorToken, ReturnType<typeof optionalHex>>,
  );

const fontField = (path: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.replace(/\s+/g, ' ').trim()) : v),
    z
      .string({ message: `${path}: use a font family name such as Inter or Playfair Display` })
      .regex(FONT_FAMILY, {
        message: `${path}: use a font family name such as Inter or Playfair Display (letters, digits, spaces and hyphens, at most 60)`,
      })
      .nullable()
      .default(null),
  );

const keyField = (path: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${path}: must be the storage key of an uploaded image` })
      .max(1024, { message: `${path}: must be the storage key of an uploaded image` })
      .nullable()
      .default(null),
  );

/** PUT /api/v1/branding body. Colours, fonts, radius and images left null keep the defaults. */
export const brandingInputSchema = z.object({
  is_enabled: z.boolean({ message: 'is_enabled: must be true or false' }),
  app_name: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.trim()) : v),
    z
      .string({ message: 'app_name: must be text' })
      .max(APP_NAME_MAX, { message: `app_name: at most ${APP_NAME_MAX} characters` })
      .nullable()
      .default(null),
  ),
  logo_key: keyField('logo_key'),
  favicon_key: keyField('favicon_key'),
  light: paletteSchema('light').default(emptyPalette),
  dark: paletteSchema('dark').default(emptyPalette),
  title_font_family: fontField('title_font_family'),
  subtitle_font_family: fontField('subtitle_font_family'),
  body_font_family: fontField('body_font_family'),
  corner_radius: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.trim()) : v),
    z
      .string({ message: 'corner_radius: use a length from 0 to 32px (or 2rem), such as 8px' })
      .refine((v) => radiusToPx(v) !== null, {
        message: 'corner_radius: use a length from 0 to 32px (or 2rem), such as 8px',
      })
      .nullable()
      .default(null),
  ),
  shadow_intensity: z
    .enum(SHADOW_INTENSITIES, { message: 'shadow_intensity: must be one of none, light, medium, heavy' })
    .nullable()
    .default(null),
});
export type BrandingInput = z.output<typeof brandingInputSchema>;
