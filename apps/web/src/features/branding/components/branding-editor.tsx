import {
  BRANDING_COLOR_LABELS,
  BRANDING_COLOR_TOKENS,
  BRANDING_MODES,
  type BrandingColorToken,
  type BrandingDto,
  type BrandingMode,
  DEFAULT_APP_NAME,
  DEFAULT_PALETTES,
  fontStylesheetUrl,
  MAX_RADIUS_PX,
  SHADOW_INTENSITIES,
  type ShadowIntensity,
} from '@music-review/core/branding';
import { RotateCcw } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { useMe } from '../../../lib/me';
import { useBrandingQuery } from '../api/get-branding';
import { useUpdateBranding } from '../api/update-branding';
import {
  type BrandingFormValues,
  DEFAULT_RADIUS_PX,
  defaultFormValues,
  type FormErrors,
  formValuesFrom,
  previewRadiusPx,
  toBrandingInput,
  validPalette,
} from '../branding-form';
import { BrandingPreview } from './branding-preview';
import { ColorField } from './color-field';
import { ContrastWarning } from './contrast-warning';
import { ImageField } from './image-field';

const MODE_NAMES: Record<BrandingMode, string> = { light: 'Light', dark: 'Dark' };
const SHADOW_NAMES: Record<ShadowIntensity, string> = {
  none: 'None',
  light: 'Light',
  medium: 'Medium',
  heavy: 'Heavy',
};

/** Loads the typed families for the preview, once typing pauses (not one request per letter). */
function usePreviewFonts(families: string[]) {
  const key = families.join('|');
  useEffect(() => {
    const links: HTMLLinkElement[] = [];
    const timer = window.setTimeout(() => {
      for (const family of key.split('|')) {
        const href = family ? fontStylesheetUrl(family) : null;
        const isLoaded = [...document.head.querySelectorAll('link')].some(
          (l) => l.getAttribute('href') === href,
        );
        if (!href || isLoaded) continue;
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.dataset.brandingPreviewFont = '';
        document.head.append(link);
        links.push(link);
      }
    }, 600);
    return () => {
      window.clearTimeout(timer);
      for (const link of links) link.remove();
    };
  }, [key]);
}

function BrandingForm({ organizationId, initial }: { organizationId: string; initial: BrandingDto }) {
  const [values, setValues] = useState<BrandingFormValues>(() => formValuesFrom(initial));
  const [errors, setErrors] = useState<FormErrors>({});
  const [uploads, setUploads] = useState(0);
  const [hasReset, setHasReset] = useState(false);
  const update = useUpdateBranding(organizationId);
  const switchId = useId();
  const shadowId = useId();

  const clearError = useCallback(
    (...fields: string[]) =>
      setErrors((prev) => {
        if (!fields.some((f) => f in prev)) return prev;
        const rest = { ...prev };
        for (const f of fields) delete rest[f];
        return rest;
      }),
    [],
  );
  const set = <K extends keyof BrandingFormValues>(field: K, value: BrandingFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    // An image's error is keyed by its key field (logo_key), the others by their own name.
    clearError(field, `${field}_key`);
  };
  // Stable, so the twenty colour fields (memoised) re-render only when their own value changes.
  const setColor = useCallback(
    (mode: BrandingMode, token: BrandingColorToken, value: string) => {
      setValues((prev) => ({
        ...prev,
        colors: { ...prev.colors, [mode]: { ...prev.colors[mode], [token]: value } },
      }));
      clearError(`colors.${mode}.${token}`);
    },
    [clearError],
  );

  const palettes = { light: validPalette(values, 'light'), dark: validPalette(values, 'dark') };
  const fonts = {
    title: values.title_font_family,
    subtitle: values.subtitle_font_family,
    body: values.body_font_family,
  };
  usePreviewFonts([fonts.title, fonts.subtitle, fonts.body].map((f) => f.trim()));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = toBrandingInput(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(result.input, {
      onSuccess: () => {
        setHasReset(false);
        toast.success('Branding saved');
      },
    });
  }

  function resetToDefaults() {
    // The form only: nothing changes for the team until Save. The switch stays as it is.
    setValues((prev) => defaultFormValues(prev.is_enabled));
    setErrors({});
    setHasReset(true);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-8">
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <span id={switchId} className="text-sm font-medium text-foreground">
            Enable branding
          </span>
          <span className="text-sm text-muted-foreground">
            When on, everyone in your label sees these settings. When off, the default look is used.
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={values.is_enabled}
          aria-labelledby={switchId}
          onClick={() => set('is_enabled', !values.is_enabled)}
          className={cn(
            'relative mt-0.5 h-6 w-11 shrink-0 rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
            values.is_enabled ? 'bg-primary' : 'bg-input',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-0.5 size-5 rounded-full bg-white shadow transition-[left]',
              values.is_enabled ? 'left-[1.375rem]' : 'left-0.5',
            )}
          />
        </button>
      </div>

      <section aria-labelledby={`${switchId}-identity`} className="flex flex-col gap-5">
        <h3 id={`${switchId}-identity`} className="text-sm font-semibold text-foreground">
          Name and images
        </h3>
        <TextField
          label="App name"
          value={values.app_name}
          maxLength={60}
          placeholder={DEFAULT_APP_NAME}
          hint="Shown in the sidebar and the browser tab."
          error={errors.app_name}
          onChange={(event) => set('app_name', event.target.value)}
          className="max-w-md"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <ImageField
            label="Logo"
            purpose="logo"
            hint="PNG, JPEG or WebP. Shown in the sidebar and the mobile top bar."
            value={values.logo}
            error={errors.logo_key}
            onChange={(logo) => set('logo', logo)}
            onUploadingChange={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
          />
          <ImageField
            label="Favicon"
            purpose="favicon"
            hint="PNG, JPEG or WebP, square. Shown in the browser tab."
            value={values.favicon}
            error={errors.favicon_key}
            onChange={(favicon) => set('favicon', favicon)}
            onUploadingChange={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
          />
        </div>
      </section>

      <section aria-labelledby={`${switchId}-colours`} className="flex flex-col gap-4">
        <div>
          <h3 id={`${switchId}-colours`} className="text-sm font-semibold text-foreground">
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
                        value={values.colors[mode][token]}
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

      <section aria-labelledby={`${switchId}-type`} className="flex flex-col gap-5">
        <div>
          <h3 id={`${switchId}-type`} className="text-sm font-semibold text-foreground">
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

      <section aria-labelledby={`${switchId}-preview`} className="flex flex-col gap-4">
        <h3 id={`${switchId}-preview`} className="text-sm font-semibold text-foreground">
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

      {update.error ? <Alert>{update.error.message}</Alert> : null}
      {Object.keys(errors).length > 0 ? <Alert>Some fields need a change before saving.</Alert> : null}
      {hasReset ? (
        <Alert variant="info">Every field is back to its default. Save to apply it for your label.</Alert>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={update.isPending} disabled={uploads > 0}>
          Save
        </Button>
        <Button variant="outline" onClick={resetToDefaults} disabled={update.isPending}>
          <RotateCcw aria-hidden="true" />
          Reset to defaults
        </Button>
      </div>
    </form>
  );
}

/** The admins' white-label editor in settings (spec sections 3 and 4 "Branding"). */
export function BrandingEditor() {
  const me = useMe();
  const organization = me.data?.organization ?? null;
  const isAdmin = me.data?.reviewer?.is_admin === true;
  const branding = useBrandingQuery(isAdmin ? organization?.id : null);

  if (!isAdmin || !organization) return null;

  return (
    <Card id="branding" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>White-label branding</CardTitle>
        <CardDescription>
          Show your label's own name, logo, colours, fonts, corner radius and shadows across the app.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {branding.data ? (
          <BrandingForm key={organization.id} organizationId={organization.id} initial={branding.data} />
        ) : branding.error ? (
          <Alert>{branding.error.message}</Alert>
        ) : (
          <div className="flex flex-col gap-4" role="status" aria-label="Loading branding">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-10 w-full max-w-md" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
