/**
 * White-label branding (spec sections 3, 4 "Branding" and 9 "Branding defaults"): the shape the
 * API answers and accepts, the defaults, and the pure rules both sides share (colour parsing,
 * WCAG contrast, the font stylesheet URL). No zod here: every page's logo loads this module (the
 * PUT body is in branding-schemas.ts).
 */

import type { BrandingDto } from './contracts/branding.ts';

export const DEFAULT_APP_NAME = 'Music Review';
/** Spec section 9: the default favicon and the default corner radius. */
export const DEFAULT_FAVICON = '/favicon.ico';
export const DEFAULT_CORNER_RADIUS = '0.5rem';
/** Spec section 9: custom fonts are requested at weights 400-900. */
export const CUSTOM_FONT_WEIGHTS = [400, 500, 600, 700, 800, 900] as const;

export const SHADOW_INTENSITIES = ['none', 'light', 'medium', 'heavy'] as const;
export type ShadowIntensity = (typeof SHADOW_INTENSITIES)[number];
/** The app's own shadows are the medium preset. */
export const DEFAULT_SHADOW_INTENSITY: ShadowIntensity = 'medium';

/** The colour tokens of whitelabel_branding_v2, each stored for light and for dark mode. */
export const BRANDING_COLOR_TOKENS = [
  'background_color',
  'card_background',
  'title_text_color',
  'body_text_color',
  'primary_color',
  'primary_text_color',
  'secondary_color',
  'secondary_text_color',
  'waveform_unplayed_color',
  'border_color',
] as const;
export type BrandingColorToken = (typeof BRANDING_COLOR_TOKENS)[number];

export const BRANDING_COLOR_LABELS: Record<BrandingColorToken, string> = {
  background_color: 'Background',
  card_background: 'Card background',
  title_text_color: 'Title text',
  body_text_color: 'Body text',
  primary_color: 'Primary',
  primary_text_color: 'Primary text',
  secondary_color: 'Secondary',
  secondary_text_color: 'Secondary text',
  waveform_unplayed_color: 'Waveform (unplayed)',
  border_color: 'Border',
};

export const BRANDING_MODES = ['light', 'dark'] as const;
export type BrandingMode = (typeof BRANDING_MODES)[number];

/** One mode's colours as lowercase #rrggbb; null keeps the app's own colour. */
export type BrandingPalette = Record<BrandingColorToken, string | null>;

/**
 * The app's default theme (apps/web/src/index.css, written there in oklch) as hex, for the editor's
 * colour pickers and the contrast check of tokens left at their default.
 */
export const DEFAULT_PALETTES: Record<BrandingMode, Record<BrandingColorToken, string>> = {
  light: {
    background_color: '#fafafb',
    card_background: '#ffffff',
    title_text_color: '#171721',
    body_text_color: '#171721',
    primary_color: '#7c3aed',
    primary_text_color: '#fcfcfc',
    secondary_color: '#f0f0f3',
    secondary_text_color: '#21202b',
    waveform_unplayed_color: '#bdbdc5',
    border_color: '#e1e1e4',
  },
  dark: {
    background_color: '#0a0a0d',
    card_background: '#111115',
    title_text_color: '#f4f4f5',
    body_text_color: '#f4f4f5',
    primary_color: '#7c3aed',
    primary_text_color: '#fcfcfc',
    secondary_color: '#1f1f23',
    secondary_text_color: '#ebebee',
    waveform_unplayed_color: '#4c4c55',
    border_color: '#202023',
  },
};

export const emptyPalette = (): BrandingPalette =>
  Object.fromEntries(BRANDING_COLOR_TOKENS.map((token) => [token, null])) as BrandingPalette;

// GET /api/v1/branding's answer is inferred from its contract (type-only: no zod here).
export type { BrandingDto } from './contracts/branding.ts';

/** What "absent" answers (the spec's PGRST116 rule: no row is not an error, defaults apply). */
export function defaultBranding(): BrandingDto {
  return {
    source: 'none',
    is_enabled: false,
    app_name: null,
    logo_key: null,
    logo_url: null,
    favicon_key: null,
    favicon_url: null,
    light: emptyPalette(),
    dark: emptyPalette(),
    title_font_family: null,
    subtitle_font_family: null,
    body_font_family: null,
    corner_radius: null,
    shadow_intensity: null,
    updated_at: null,
  };
}

// ---------- Validation (PUT /api/v1/branding, and the editor before it sends) ----------

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A family name as Google Fonts spells them: letters, digits, spaces and hyphens. */
export const FONT_FAMILY = /^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/;
export const APP_NAME_MAX = 60;
/** Corner radius: 0, or a length in px (up to 32) or rem (up to 2). */
export const MAX_RADIUS_PX = 32;
const RADIUS = /^(?:0|(\d{1,2}(?:\.\d{1,3})?)(px|rem))$/;

/** '#ABC' -> '#aabbcc'; null for anything that is not a 3- or 6-digit hex colour. */
export function normalizeHex(value: string): string | null {
  const v = value.trim();
  if (!HEX_COLOR.test(v)) return null;
  const digits = v.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits}`;
}

/** A corner radius in pixels (1rem = 16px), or null when it is not an accepted length. */
export function radiusToPx(value: string): number | null {
  const match = RADIUS.exec(value.trim());
  if (!match) return null;
  if (!match[1]) return 0;
  const px = match[2] === 'rem' ? Number(match[1]) * 16 : Number(match[1]);
  return px <= MAX_RADIUS_PX ? px : null;
}

// ---------- Colours and contrast (WCAG 2.x) ----------

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function hexToRgb(hex: string): Rgb | null {
  const normalized = normalizeHex(hex);
  if (!normalized) return null;
  const n = Number.parseInt(normalized.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

const toHexByte = (v: number) =>
  Math.round(Math.min(255, Math.max(0, v)))
    .toString(16)
    .padStart(2, '0');
export const rgbToHex = ({ r, g, b }: Rgb) => `#${toHexByte(r)}${toHexByte(g)}${toHexByte(b)}`;

function hslToRgb(h: number, s: number, l: number): Rgb {
  const sat = Math.min(1, Math.max(0, s));
  const light = Math.min(1, Math.max(0, l));
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: f(0) * 255, g: f(8) * 255, b: f(4) * 255 };
}

/**
 * A colour of the older branding table as #rrggbb. It held CSS colours in several spellings:
 * hex, rgb(), hsl(), or a bare shadcn-style HSL triplet ("262 83% 58%"). Null for anything else.
 */
export function cssColorToHex(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  const hex = normalizeHex(v);
  if (hex) return hex;
  const num = String.raw`(-?\d+(?:\.\d+)?)`;
  const rgb = new RegExp(
    String.raw`^rgba?\(\s*${num}[\s,]+${num}[\s,]+${num}\s*(?:[,/]\s*[\d.]+%?\s*)?\)$`,
    'i',
  );
  const rgbMatch = rgb.exec(v);
  if (rgbMatch) {
    const [r, g, b] = rgbMatch.slice(1, 4).map(Number) as [number, number, number];
    return rgbToHex({ r, g, b });
  }
  const hsl = new RegExp(
    String.raw`^(?:hsla?\(\s*)?${num}(?:deg)?[\s,]+${num}%[\s,]+${num}%\s*(?:[,/]\s*[\d.]+%?\s*)?\)?$`,
    'i',
  );
  const hslMatch = hsl.exec(v);
  if (hslMatch && v.startsWith('hsl') === v.endsWith(')')) {
    const [h, s, l] = hslMatch.slice(1, 4).map(Number) as [number, number, number];
    return rgbToHex(hslToRgb(((h % 360) + 360) % 360, s / 100, l / 100));
  }
  return null;
}

/** WCAG 2.x relative luminance of an sRGB colour (0 for black, 1 for white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two hex colours, from 1 (same) to 21 (black on white); null if either is not hex. */
export function contrastRatio(foreground: string, background: string): number | null {
  const fg = hexToRgb(foreground);
  const bg = hexToRgb(background);
  if (!fg || !bg) return null;
  const [lighter, darker] = [relativeLuminance(fg), relativeLuminance(bg)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The text/background pairs the editor checks, in each mode. */
export const CONTRAST_PAIRS = [
  { foreground: 'body_text_color', background: 'background_color', label: 'Body text on background' },
  { foreground: 'body_text_color', background: 'card_background', label: 'Body text on card background' },
  { foreground: 'primary_text_color', background: 'primary_color', label: 'Primary text on primary' },
] as const satisfies readonly {
  foreground: BrandingColorToken;
  background: BrandingColorToken;
  label: string;
}[];

export interface ContrastIssue {
  mode: BrandingMode;
  label: string;
  foreground: BrandingColorToken;
  background: BrandingColorToken;
  /** Rounded down to one decimal, so 4.49 shows as 4.4 and never as a passing 4.5. */
  ratio: number;
}

/** The palette with every unset token at its default (the colours the user will actually see). */
export function effectivePalette(
  palette: BrandingPalette,
  mode: BrandingMode,
): Record<BrandingColorToken, string> {
  const defaults = DEFAULT_PALETTES[mode];
  return Object.fromEntries(
    BRANDING_COLOR_TOKENS.map((token) => [token, palette[token] ?? defaults[token]]),
  ) as Record<BrandingColorToken, string>;
}

/** Every checked pair whose contrast is below 4.5:1 in either mode. */
export function contrastIssues(palettes: Record<BrandingMode, BrandingPalette>): ContrastIssue[] {
  const issues: ContrastIssue[] = [];
  for (const mode of BRANDING_MODES) {
    const colors = effectivePalette(palettes[mode], mode);
    for (const pair of CONTRAST_PAIRS) {
      const ratio = contrastRatio(colors[pair.foreground], colors[pair.background]);
      if (ratio !== null && ratio < MIN_TEXT_CONTRAST) {
        issues.push({ mode, ...pair, ratio: Math.floor(ratio * 10) / 10 });
      }
    }
  }
  return issues;
}

// ---------- Fonts ----------

/**
 * The external stylesheet for a named family (spec section 4: custom fonts come from an external
 * font stylesheet; section 9: weights 400-900). Google Fonts' first CSS API is used on purpose: it
 * serves the weights a family has and skips the others, where css2 refuses the whole request when
 * one asked-for weight is missing.
 */
export function fontStylesheetUrl(family: string): string | null {
  const name = family.replace(/\s+/g, ' ').trim();
  if (!FONT_FAMILY.test(name)) return null;
  return `https://fonts.googleapis.com/css?family=${name.replace(/ /g, '+')}:${CUSTOM_FONT_WEIGHTS.join(',')}&display=swap`;
}

/** A CSS font-family value: the brand family first, then the app's own stack. */
export function fontFamilyValue(family: string, fallback: string): string {
  return `"${family.replace(/["\\]/g, '')}", ${fallback}`;
}
