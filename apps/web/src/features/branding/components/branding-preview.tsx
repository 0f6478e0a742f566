import {
  BRANDING_MODES,
  type BrandingMode,
  type BrandingPalette,
  DEFAULT_APP_NAME,
  effectivePalette,
  type ShadowIntensity,
} from '@music-review/core/branding';
import type { CSSProperties } from 'react';

/** Roughly the app's shadows at each preset (apply-branding.ts sets the real ones). */
const PREVIEW_SHADOWS: Record<ShadowIntensity, Record<BrandingMode, string>> = {
  none: { light: 'none', dark: 'none' },
  light: { light: '0 1px 2px rgb(0 0 0 / 4%)', dark: '0 1px 2px rgb(0 0 0 / 18%)' },
  medium: {
    light: '0 1px 2px rgb(0 0 0 / 8%), 0 1px 3px rgb(0 0 0 / 8%)',
    dark: '0 1px 2px rgb(0 0 0 / 35%), 0 1px 3px rgb(0 0 0 / 35%)',
  },
  heavy: {
    light: '0 10px 24px -6px rgb(0 0 0 / 22%), 0 2px 6px rgb(0 0 0 / 12%)',
    dark: '0 10px 24px -6px rgb(0 0 0 / 70%), 0 2px 6px rgb(0 0 0 / 50%)',
  },
};

const WAVE = [5, 9, 14, 8, 12, 18, 10, 6, 13, 16, 9, 5, 11, 15, 7, 4];

export interface PreviewProps {
  palettes: Record<BrandingMode, BrandingPalette>;
  appName: string;
  fonts: { title: string; subtitle: string; body: string };
  radiusPx: number;
  shadow: ShadowIntensity;
}

const family = (name: string) =>
  name ? `"${name.replace(/["\\]/g, '')}", ui-sans-serif, system-ui, sans-serif` : undefined;

function PreviewPanel({
  mode,
  palettes,
  appName,
  fonts,
  radiusPx,
  shadow,
}: PreviewProps & { mode: BrandingMode }) {
  const c = effectivePalette(palettes[mode], mode);
  const name = mode === 'light' ? 'Light' : 'Dark';
  const button = (background: string, color: string): CSSProperties => ({
    background,
    color,
    borderRadius: radiusPx,
    padding: '0.375rem 0.75rem',
    fontSize: '0.8125rem',
    fontWeight: 500,
  });
  return (
    <figure className="m-0 flex min-w-0 flex-col gap-2">
      <figcaption className="text-xs font-medium text-muted-foreground">{name} mode</figcaption>
      <div
        data-testid={`branding-preview-${mode}`}
        className="border border-border p-4"
        style={{
          background: c.background_color,
          color: c.body_text_color,
          fontFamily: family(fonts.body),
          borderRadius: radiusPx + 4,
        }}
      >
        <div
          className="flex flex-col gap-3 p-4"
          style={{
            background: c.card_background,
            border: `1px solid ${c.border_color}`,
            borderRadius: radiusPx + 4,
            boxShadow: PREVIEW_SHADOWS[shadow][mode],
          }}
        >
          <div>
            <p
              className="text-base font-semibold leading-tight"
              style={{ color: c.title_text_color, fontFamily: family(fonts.title) }}
            >
              {appName || DEFAULT_APP_NAME}
            </p>
            <p className="text-xs font-medium opacity-80" style={{ fontFamily: family(fonts.subtitle) }}>
              Review Dashboard
            </p>
          </div>
          <p className="text-sm">Body text on a card: three demos are waiting for your review.</p>
          <div aria-hidden="true" className="flex h-6 items-center gap-[3px]">
            {WAVE.map((h, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative pattern
                key={i}
                className="w-1 rounded-full"
                style={{ height: h, background: i < 6 ? c.primary_color : c.waveform_unplayed_color }}
              />
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <span style={button(c.primary_color, c.primary_text_color)}>Primary button</span>
            <span style={button(c.secondary_color, c.secondary_text_color)}>Secondary</span>
          </div>
        </div>
      </div>
    </figure>
  );
}

/** The chosen tokens on a mini card, both modes side by side, updated as the admin types. */
export function BrandingPreview(props: PreviewProps) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {BRANDING_MODES.map((mode) => (
        <PreviewPanel key={mode} mode={mode} {...props} />
      ))}
    </div>
  );
}
