import {
  BRANDING_COLOR_TOKENS,
  type BrandingColorToken,
  type BrandingDto,
  type BrandingMode,
  DEFAULT_APP_NAME,
  effectivePalette,
  fontFamilyValue,
  fontStylesheetUrl,
  type ShadowIntensity,
} from '@music-review/core/branding';

/**
 * Puts an organization's branding on the document: its colours, radius, shadows and fonts as the
 * CSS variables of apps/web/src/index.css (inline on <html>, so they win over both the light and
 * the dark defaults), the font stylesheets, the title and the favicon. `applyBranding(null)` puts
 * every default back (spec section 4: disabled or absent resets colours, radius, shadows, fonts,
 * icon and title).
 */

/** Which CSS variables each colour token drives. */
const TOKEN_VARIABLES: Record<BrandingColorToken, readonly string[]> = {
  background_color: ['--background'],
  card_background: ['--card', '--popover'],
  title_text_color: ['--title-foreground'],
  body_text_color: ['--foreground', '--card-foreground', '--popover-foreground'],
  primary_color: ['--primary', '--ring'],
  primary_text_color: ['--primary-foreground'],
  secondary_color: ['--secondary', '--muted'],
  secondary_text_color: ['--secondary-foreground'],
  waveform_unplayed_color: ['--waveform-unplayed'],
  border_color: ['--border', '--input'],
};

/** The shadow colour per preset; medium is the app's own (index.css), so it sets nothing. */
const SHADOW_COLORS: Record<Exclude<ShadowIntensity, 'medium'>, Record<BrandingMode, string>> = {
  none: { light: 'transparent', dark: 'transparent' },
  light: { light: 'oklch(0.2 0.02 286 / 4%)', dark: 'oklch(0 0 0 / 18%)' },
  heavy: { light: 'oklch(0.2 0.02 286 / 18%)', dark: 'oklch(0 0 0 / 60%)' },
};

/** What follows a brand font when it has not loaded (or lacks a glyph). */
const FALLBACK_FONTS = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The CSS variables a branding sets in one mode (only what it changes; the rest keeps the defaults). */
export function brandingVariables(branding: BrandingDto, mode: BrandingMode): Record<string, string> {
  const vars: Record<string, string> = {};
  const palette = branding[mode];
  for (const token of BRANDING_COLOR_TOKENS) {
    const value = palette[token];
    if (value) for (const name of TOKEN_VARIABLES[token]) vars[name] = value;
  }

  // Tokens the table has no column for follow from the ones it has, so nothing keeps the default
  // violet (or the default greys) next to a label's own colours.
  const colors = effectivePalette(palette, mode);
  if (palette.primary_color) {
    vars['--primary-hover'] =
      `color-mix(in oklch, ${colors.primary_color} 85%, ${mode === 'dark' ? 'white' : 'black'})`;
    vars['--accent'] = `color-mix(in oklch, ${colors.primary_color} 14%, ${colors.background_color})`;
    vars['--accent-foreground'] = colors.body_text_color;
    vars['--link'] = `color-mix(in oklch, ${colors.primary_color} 75%, ${colors.body_text_color})`;
  }
  if (palette.body_text_color || palette.background_color) {
    vars['--muted-foreground'] =
      `color-mix(in oklch, ${colors.body_text_color} 65%, ${colors.background_color})`;
  }

  if (branding.corner_radius) vars['--radius'] = branding.corner_radius;
  if (branding.shadow_intensity && branding.shadow_intensity !== 'medium') {
    vars['--shadow-color'] = SHADOW_COLORS[branding.shadow_intensity][mode];
  }
  if (branding.body_font_family)
    vars['--font-body'] = fontFamilyValue(branding.body_font_family, FALLBACK_FONTS);
  if (branding.title_font_family)
    vars['--font-title'] = fontFamilyValue(branding.title_font_family, FALLBACK_FONTS);
  if (branding.subtitle_font_family) {
    vars['--font-subtitle'] = fontFamilyValue(branding.subtitle_font_family, FALLBACK_FONTS);
  }
  return vars;
}

let appliedVariables = new Set<string>();

function syncVariables(vars: Record<string, string>) {
  const style = document.documentElement.style;
  for (const name of appliedVariables) if (!(name in vars)) style.removeProperty(name);
  for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
  appliedVariables = new Set(Object.keys(vars));
}

const FONT_LINK = 'link[data-branding-font]';

/** One external stylesheet per named family; the ones no longer named are removed. */
function syncFontStylesheets(families: readonly (string | null)[]) {
  const wanted = new Set(
    families.map((f) => (f ? fontStylesheetUrl(f) : null)).filter((u): u is string => !!u),
  );
  for (const link of document.head.querySelectorAll<HTMLLinkElement>(FONT_LINK)) {
    const href = link.getAttribute('href') ?? '';
    if (wanted.has(href)) wanted.delete(href);
    else link.remove();
  }
  for (const href of wanted) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.brandingFont = '';
    document.head.append(link);
  }
}

/** Points every icon link at the favicon, or back at the page's own icons (spec: /favicon.ico). */
function syncFavicon(href: string | null) {
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
  for (const link of links) {
    if (link.dataset.brandingFavicon !== undefined) {
      // One we added because the page had none: only a branded favicon needs it.
      if (href) link.setAttribute('href', href);
      else link.remove();
      continue;
    }
    if (link.dataset.defaultHref === undefined) {
      link.dataset.defaultHref = link.getAttribute('href') ?? '';
      link.dataset.defaultType = link.getAttribute('type') ?? '';
    }
    if (href) {
      link.setAttribute('href', href);
      link.removeAttribute('type');
    } else {
      link.setAttribute('href', link.dataset.defaultHref);
      if (link.dataset.defaultType) link.setAttribute('type', link.dataset.defaultType);
    }
  }
  if (href && links.length === 0) {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = href;
    link.dataset.brandingFavicon = '';
    document.head.append(link);
  }
}

/** Applies an enabled branding in the given mode, or with null restores every default. */
export function applyBranding(branding: BrandingDto | null, mode: BrandingMode) {
  syncVariables(branding ? brandingVariables(branding, mode) : {});
  syncFontStylesheets(
    branding ? [branding.body_font_family, branding.title_font_family, branding.subtitle_font_family] : [],
  );
  document.title = branding?.app_name || DEFAULT_APP_NAME;
  syncFavicon(branding?.favicon_url ?? null);
}
