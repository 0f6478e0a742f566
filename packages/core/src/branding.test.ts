import { describe, expect, it } from 'vitest';
import {
  contrastIssues,
  contrastRatio,
  cssColorToHex,
  DEFAULT_PALETTES,
  emptyPalette,
  fontStylesheetUrl,
  normalizeHex,
  radiusToPx,
  relativeLuminance,
} from './branding.ts';
import { brandingInputSchema } from './branding-schemas.ts';

describe('contrastRatio (WCAG 2.x)', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#7c3aed', '#7c3aed')).toBe(1);
  });

  it('matches published reference values', () => {
    // #777 on white is the classic "just below AA" grey (4.48:1); #767676 is the lightest passing one.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 2);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
  });

  it('accepts short hex and any case, and gives null for anything else', () => {
    expect(contrastRatio('#FFF', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('white', '#000')).toBeNull();
    expect(contrastRatio('#12345', '#000')).toBeNull();
  });

  it('uses the sRGB luminance formula', () => {
    expect(relativeLuminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(1, 6);
    expect(relativeLuminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(relativeLuminance({ r: 128, g: 128, b: 128 })).toBeCloseTo(0.2159, 4);
  });
});

describe('contrastIssues', () => {
  it('finds nothing in the app defaults', () => {
    expect(contrastIssues({ light: emptyPalette(), dark: emptyPalette() })).toEqual([]);
  });

  it('flags body text on background and card, and primary text on primary, per mode, below 4.5:1', () => {
    const light = { ...emptyPalette(), body_text_color: '#999999' };
    const dark = { ...emptyPalette(), primary_color: '#ffff00', primary_text_color: '#ffffff' };
    const issues = contrastIssues({ light, dark });
    expect(issues.map((i) => [i.mode, i.label])).toEqual([
      ['light', 'Body text on background'],
      ['light', 'Body text on card background'],
      ['dark', 'Primary text on primary'],
    ]);
    // Rounded down: a ratio just under 4.5 never shows as 4.5.
    expect(issues[1]?.ratio).toBe(2.8);
  });

  it('does not flag exactly 4.5:1 or more', () => {
    const light = {
      ...emptyPalette(),
      body_text_color: '#767676',
      background_color: '#ffffff',
      card_background: '#ffffff',
    };
    expect(contrastIssues({ light, dark: emptyPalette() })).toEqual([]);
  });

  it('checks unset tokens with their default colours', () => {
    const dark = { ...emptyPalette(), background_color: DEFAULT_PALETTES.dark.body_text_color };
    expect(contrastIssues({ light: emptyPalette(), dark }).map((i) => i.label)).toEqual([
      'Body text on background',
    ]);
  });
});

describe('colour parsing', () => {
  it('normalises hex', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex(' #7C3AED ')).toBe('#7c3aed');
    expect(normalizeHex('7c3aed')).toBeNull();
  });

  it('reads the older table spellings: hex, rgb(), hsl() and bare HSL triplets', () => {
    expect(cssColorToHex('#FFF')).toBe('#ffffff');
    expect(cssColorToHex('rgb(124, 58, 237)')).toBe('#7c3aed');
    expect(cssColorToHex('rgb(124 58 237 / 50%)')).toBe('#7c3aed');
    expect(cssColorToHex('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(cssColorToHex('0 0% 100%')).toBe('#ffffff');
    expect(cssColorToHex('222.2 84% 4.9%')).toBe('#020817');
    expect(cssColorToHex('hsl(0 0% 0%')).toBeNull();
    expect(cssColorToHex('var(--x)')).toBeNull();
    expect(cssColorToHex(null)).toBeNull();
  });
});

describe('radiusToPx', () => {
  it('accepts 0, px and rem up to 32px', () => {
    expect(radiusToPx('0')).toBe(0);
    expect(radiusToPx('12px')).toBe(12);
    expect(radiusToPx('0.5rem')).toBe(8);
    expect(radiusToPx('2rem')).toBe(32);
    expect(radiusToPx('33px')).toBeNull();
    expect(radiusToPx('1em')).toBeNull();
    expect(radiusToPx('calc(1px)')).toBeNull();
  });
});

describe('fontStylesheetUrl', () => {
  it('builds the Google Fonts URL for a family at weights 400-900', () => {
    expect(fontStylesheetUrl('Playfair  Display')).toBe(
      'https://fonts.googleapis.com/css?family=Playfair+Display:400,500,600,700,800,900&display=swap',
    );
  });

  it('refuses anything that is not a family name', () => {
    expect(fontStylesheetUrl('Inter&family=Evil')).toBeNull();
    expect(fontStylesheetUrl('"Inter"')).toBeNull();
    expect(fontStylesheetUrl('')).toBeNull();
  });
});

describe('brandingInputSchema', () => {
  it('fills defaults and normalises values', () => {
    const parsed = brandingInputSchema.parse({
      is_enabled: true,
      app_name: '  Nova Records ',
      light: { primary_color: '#ABC', background_color: '' },
      body_font_family: ' Playfair   Display ',
      corner_radius: '12px',
    });
    expect(parsed.app_name).toBe('Nova Records');
    expect(parsed.light.primary_color).toBe('#aabbcc');
    expect(parsed.light.background_color).toBeNull();
    expect(parsed.dark).toEqual(emptyPalette());
    expect(parsed.body_font_family).toBe('Playfair Display');
    expect(parsed.title_font_family).toBeNull();
    expect(parsed.logo_key).toBeNull();
    expect(parsed.shadow_intensity).toBeNull();
  });

  it('names the field in its messages', () => {
    const messages = (input: unknown) =>
      brandingInputSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ is_enabled: true, dark: { primary_color: 'purple' } })).toEqual([
      'dark.primary_color: use a hex colour such as #7c3aed',
    ]);
    expect(messages({ is_enabled: true, body_font_family: 'Inter; color: red' })[0]).toMatch(
      /^body_font_family: use a font family name/,
    );
    expect(messages({ is_enabled: true, corner_radius: '99px' })).toEqual([
      'corner_radius: use a length from 0 to 32px (or 2rem), such as 8px',
    ]);
    expect(messages({ is_enabled: true, shadow_intensity: 'huge' })).toEqual([
      'shadow_intensity: must be one of none, light, medium, heavy',
    ]);
    expect(messages({ is_enabled: true, app_name: 'x'.repeat(61) })).toEqual([
      'app_name: at most 60 characters',
    ]);
  });
});
