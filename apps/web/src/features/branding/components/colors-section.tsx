import {
  BRANDING_COLOR_LABELS,
  BRANDING_COLOR_TOKENS,
  BRANDING_MODES,
  type BrandingColorToken,
  type BrandingMode,
  DEFAULT_PALETTES,
} from '@music-review/core/branding';
import { useId } from 'react';
import type { BrandingFormValues, FormErrors } from '../branding-form';
import { ColorField } from './color-field';

const MODE_NAMES: Record<BrandingMode, string> = { light: 'Light', dark: 'Dark' };

/** "Colours": each colour token in light and dark mode; an empty one keeps the default. */
export function ColorsSection({
  colors,
  errors,
  setColor,
}: {
  colors: BrandingFormValues['colors'];
  errors: FormErrors;
  setColor: (mode: BrandingMode, token: BrandingColorToken, value: string) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-foreground">
          Colours
        </h3>
        <p className="text-sm text-muted-foreground">Leave a colour empty to keep the default.</p>
      </div>
      {/* Below 640 px each colour is a row of its own, the light and dark fields side by side under
          its name, so the table fits a phone instead of scrolling sideways. */}
      <div className="overflow-x-auto">
        <table className="block w-full border-collapse text-sm sm:table sm:min-w-[28rem]">
          <thead className="block sm:table-header-group">
            <tr className="grid grid-cols-2 text-left text-xs text-muted-foreground sm:table-row">
              <th scope="col" className="pb-2 font-medium max-sm:sr-only">
                Colour
              </th>
              {BRANDING_MODES.map((mode) => (
                <th key={mode} scope="col" className="pb-2 font-medium">
                  {MODE_NAMES[mode]} mode
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {BRANDING_COLOR_TOKENS.map((token) => (
              <tr key={token} className="grid grid-cols-2 border-t border-border align-top sm:table-row">
                {/* From 640 px, pt-4 centres the name on the 36 px fields beside it. */}
                <th
                  scope="row"
                  className="col-span-2 pt-2 pb-1.5 text-left font-medium text-foreground sm:pt-4 sm:pr-4 sm:pb-2"
                >
                  {BRANDING_COLOR_LABELS[token]}
                </th>
                {BRANDING_MODES.map((mode) => (
                  <td key={mode} className="min-w-0 pr-3 pb-2 sm:py-2 sm:pr-4">
                    <ColorField
                      label={`${BRANDING_COLOR_LABELS[token]} (${mode})`}
                      value={colors[mode][token]}
                      defaultValue={DEFAULT_PALETTES[mode][token]}
                      error={errors[`colors.${mode}.${token}`]}
                      mode={mode}
                      token={token}
                      onChange={setColor}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
