import { DEFAULT_APP_NAME } from '@music-review/core/branding';
import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import type { BrandingFormValues, FormErrors } from '../branding-form';
import { ImageField } from './image-field';
import type { SetBrandingField } from './use-branding-form';

/** "Name and images": the app name, the logo and the favicon. */
export function IdentitySection({
  values,
  errors,
  set,
  onUploadingChange,
}: {
  values: BrandingFormValues;
  errors: FormErrors;
  set: SetBrandingField;
  onUploadingChange: (isUploading: boolean) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h3 id={headingId} className="text-sm font-semibold text-foreground">
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
          onUploadingChange={onUploadingChange}
        />
        <ImageField
          label="Favicon"
          purpose="favicon"
          hint="PNG, JPEG or WebP, square. Shown in the browser tab."
          value={values.favicon}
          error={errors.favicon_key}
          onChange={(favicon) => set('favicon', favicon)}
          onUploadingChange={onUploadingChange}
        />
      </div>
    </section>
  );
}
