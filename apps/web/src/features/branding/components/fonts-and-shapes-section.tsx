import { MAX_RADIUS_PX, SHADOW_INTENSITIES, type ShadowIntensity } from '@music-review/core/branding';
import { useId } from 'react';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import { type BrandingFormValues, DEFAULT_RADIUS_PX, type FormErrors } from '../branding-form';
import type { SetBrandingField } from './use-branding-form';

const SHADOW_NAMES: Record<ShadowIntensity, string> = {
  none: 'None',
  light: 'Light',
  medium: 'Medium',
  heavy: 'Heavy',
};

/** "Fonts and shapes": the three Google Fonts families, the corner radius and the shadow intensity. */
export function FontsAndShapesSection({
  values,
  errors,
  set,
}: {
  values: BrandingFormValues;
  errors: FormErrors;
  set: SetBrandingField;
}) {
  const headingId = useId();
  const shadowId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-foreground">
          Fonts and shapes
        </h3>
        <p className="text-sm text-muted-foreground">
          Fonts are Google Fonts family names, e.g. Playfair Display. Leave empty for the default.
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          label="Title font"
          value={values.title_font_family}
          maxLength={60}
          error={errors.title_font_family}
          onChange={(event) => set('title_font_family', event.target.value)}
        />
        <TextField
          label="Subtitle font"
          value={values.subtitle_font_family}
          maxLength={60}
          error={errors.subtitle_font_family}
          onChange={(event) => set('subtitle_font_family', event.target.value)}
        />
        <TextField
          label="Body font"
          value={values.body_font_family}
          maxLength={60}
          error={errors.body_font_family}
          onChange={(event) => set('body_font_family', event.target.value)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          label="Corner radius (px)"
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_RADIUS_PX}
          step={1}
          value={values.corner_radius}
          placeholder={String(DEFAULT_RADIUS_PX)}
          hint={`From 0 to ${MAX_RADIUS_PX}. Empty keeps the default (${DEFAULT_RADIUS_PX}).`}
          error={errors.corner_radius}
          onChange={(event) => set('corner_radius', event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={shadowId} className="text-sm font-medium text-foreground">
            Shadow intensity
          </label>
          <select
            id={shadowId}
            value={values.shadow_intensity}
            onChange={(event) => set('shadow_intensity', event.target.value as ShadowIntensity)}
            className={inputClasses}
          >
            {SHADOW_INTENSITIES.map((intensity) => (
              <option key={intensity} value={intensity}>
                {SHADOW_NAMES[intensity]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  );
}
