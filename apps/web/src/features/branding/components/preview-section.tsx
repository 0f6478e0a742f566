import { useId } from 'react';
import { type BrandingFormValues, previewRadiusPx, validPalette } from '../branding-form';
import { BrandingPreview } from './branding-preview';
import { ContrastWarning } from './contrast-warning';
import { usePreviewFonts } from './use-preview-fonts';

/** "Preview": the app as the values look now (valid colours only), and any contrast problem. */
export function PreviewSection({ values }: { values: BrandingFormValues }) {
  const headingId = useId();
  const palettes = { light: validPalette(values, 'light'), dark: validPalette(values, 'dark') };
  const fonts = {
    title: values.title_font_family,
    subtitle: values.subtitle_font_family,
    body: values.body_font_family,
  };
  usePreviewFonts([fonts.title, fonts.subtitle, fonts.body].map((f) => f.trim()));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-sm font-semibold text-foreground">
        Preview
      </h3>
      <BrandingPreview
        palettes={palettes}
        appName={values.app_name.trim()}
        fonts={fonts}
        radiusPx={previewRadiusPx(values)}
        shadow={values.shadow_intensity}
      />
      <ContrastWarning palettes={palettes} />
    </section>
  );
}
