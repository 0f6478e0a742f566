import type { BrandingDto } from '@music-review/core/branding';
import { RotateCcw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { BrandingEnabledSwitch } from './branding-enabled-switch';
import { ColorsSection } from './colors-section';
import { FontsAndShapesSection } from './fonts-and-shapes-section';
import { IdentitySection } from './identity-section';
import { PreviewSection } from './preview-section';
import { useBrandingForm } from './use-branding-form';

/** The editor's form: its sections, what stops a save, and Save / Reset to defaults. */
export function BrandingEditorForm({
  organizationId,
  initial,
}: {
  organizationId: string;
  initial: BrandingDto;
}) {
  const form = useBrandingForm(organizationId, initial);
  const { values, errors } = form;
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-8">
      <BrandingEnabledSwitch isEnabled={values.is_enabled} onChange={(on) => form.set('is_enabled', on)} />
      <IdentitySection
        values={values}
        errors={errors}
        set={form.set}
        onUploadingChange={form.onUploadingChange}
      />
      <ColorsSection colors={values.colors} errors={errors} setColor={form.setColor} />
      <FontsAndShapesSection values={values} errors={errors} set={form.set} />
      <PreviewSection values={values} />

      {form.saveError ? <Alert>{form.saveError.message}</Alert> : null}
      {Object.keys(errors).length > 0 ? <Alert>Some fields need a change before saving.</Alert> : null}
      {form.hasReset ? (
        <Alert variant="info">Every field is back to its default. Save to apply it for your label.</Alert>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={form.isSaving} disabled={form.isUploading}>
          Save
        </Button>
        <Button variant="outline" onClick={form.resetToDefaults} disabled={form.isSaving}>
          <RotateCcw aria-hidden="true" />
          Reset to defaults
        </Button>
      </div>
    </form>
  );
}
