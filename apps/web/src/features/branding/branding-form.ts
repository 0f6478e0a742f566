import {
  BRANDING_COLOR_TOKENS,
  BRANDING_MODES,
  type BrandingColorToken,
  type BrandingDto,
  type BrandingMode,
  type BrandingPalette,
  DEFAULT_CORNER_RADIUS,
  DEFAULT_SHADOW_INTENSITY,
  normalizeHex,
  radiusToPx,
  type ShadowIntensity,
} from '@music-review/core/branding';
import { type BrandingInput, brandingInputSchema } from '@music-review/core/branding-schemas';

/** An uploaded (or already saved) image: its storage key and something the browser can show. */
export interface ImageValue {
  key: string | null;
  previewUrl: string | null;
}

/**
 * The editor's values as the user typed them. Text stays text (a half-typed hex is kept, never
 * replaced); an empty colour, font or radius means "the default".
 */
export interface BrandingFormValues {
  is_enabled: boolean;
  app_name: string;
  logo: ImageValue;
  favicon: ImageValue;
  colors: Record<BrandingMode, Record<BrandingColorToken, string>>;
  title_font_family: string;
  subtitle_font_family: string;
  body_font_family: string;
  /** Whole pixels as typed. */
  corner_radius: string;
  shadow_intensity: ShadowIntensity;
}

const emptyColors = () =>
  Object.fromEntries(
    BRANDING_MODES.map((mode) => [mode, Object.fromEntries(BRANDING_COLOR_TOKENS.map((t) => [t, '']))]),
  ) as BrandingFormValues['colors'];

export const DEFAULT_RADIUS_PX = radiusToPx(DEFAULT_CORNER_RADIUS) ?? 8;

/** Every field at its default; the enabled switch is the caller's to keep. */
export function defaultFormValues(isEnabled = false): BrandingFormValues {
  return {
    is_enabled: isEnabled,
    app_name: '',
    logo: { key: null, previewUrl: null },
    favicon: { key: null, previewUrl: null },
    colors: emptyColors(),
    title_font_family: '',
    subtitle_font_family: '',
    body_font_family: '',
    corner_radius: '',
    shadow_intensity: DEFAULT_SHADOW_INTENSITY,
  };
}

export function formValuesFrom(branding: BrandingDto): BrandingFormValues {
  const colors = emptyColors();
  for (const mode of BRANDING_MODES) {
    for (const token of BRANDING_COLOR_TOKENS) colors[mode][token] = branding[mode][token] ?? '';
  }
  const radius = branding.corner_radius ? radiusToPx(branding.corner_radius) : null;
  return {
    is_enabled: branding.is_enabled,
    app_name: branding.app_name ?? '',
    logo: { key: branding.logo_key, previewUrl: branding.logo_url },
    favicon: { key: branding.favicon_key, previewUrl: branding.favicon_url },
    colors,
    title_font_family: branding.title_font_family ?? '',
    subtitle_font_family: branding.subtitle_font_family ?? '',
    body_font_family: branding.body_font_family ?? '',
    corner_radius: radius === null ? '' : String(Math.round(radius * 100) / 100),
    shadow_intensity: branding.shadow_intensity ?? DEFAULT_SHADOW_INTENSITY,
  };
}

/** The palette of one mode with only valid colours (what the preview and the contrast check use). */
export function validPalette(values: BrandingFormValues, mode: BrandingMode): BrandingPalette {
  return Object.fromEntries(
    BRANDING_COLOR_TOKENS.map((token) => [token, normalizeHex(values.colors[mode][token])]),
  ) as BrandingPalette;
}

/** The radius in pixels the preview shows: the typed one when it is valid, else the default. */
export function previewRadiusPx(values: BrandingFormValues): number {
  const typed = values.corner_radius.trim();
  const px = typed === '' ? null : radiusToPx(`${typed}px`);
  return px ?? DEFAULT_RADIUS_PX;
}

/** Field errors keyed like the form's fields (e.g. "colors.light.primary_color"). */
export type FormErrors = Record<string, string>;

/** The PUT body, or the errors to show next to the fields (the same rules as the server). */
export function toBrandingInput(
  values: BrandingFormValues,
): { ok: true; input: BrandingInput } | { ok: false; errors: FormErrors } {
  const radius = values.corner_radius.trim();
  const raw = {
    is_enabled: values.is_enabled,
    app_name: values.app_name,
    logo_key: values.logo.key,
    favicon_key: values.favicon.key,
    light: values.colors.light,
    dark: values.colors.dark,
    title_font_family: values.title_font_family,
    subtitle_font_family: values.subtitle_font_family,
    body_font_family: values.body_font_family,
    corner_radius: radius === '' ? null : /^\d+(\.\d+)?$/.test(radius) ? `${radius}px` : radius,
    shadow_intensity: values.shadow_intensity,
  };
  const parsed = brandingInputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, ...rest] = issue.path.map(String);
    const field =
      first === 'light' || first === 'dark' ? ['colors', first, ...rest].join('.') : (first ?? '');
    // The form shows the field's own label, so the message loses the "field: " prefix.
    errors[field] ??= issue.message.replace(/^[\w.]+: /, '');
  }
  return { ok: false, errors };
}
