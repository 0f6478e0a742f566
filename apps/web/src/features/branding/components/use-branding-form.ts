import type { BrandingColorToken, BrandingDto, BrandingMode } from '@music-review/core/branding';
import { type FormEvent, useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useUpdateBranding } from '../api/update-branding';
import {
  type BrandingFormValues,
  defaultFormValues,
  type FormErrors,
  formValuesFrom,
  toBrandingInput,
} from '../branding-form';

/** Sets one field of the form and clears its error. */
export type SetBrandingField = <K extends keyof BrandingFormValues>(
  field: K,
  value: BrandingFormValues[K],
) => void;

/**
 * The editor's state: the values as typed, the field errors, the image uploads in flight (Save waits
 * for them) and whether the form was reset; `submit` checks the values and saves them.
 */
export function useBrandingForm(organizationId: string, initial: BrandingDto) {
  const [values, setValues] = useState<BrandingFormValues>(() => formValuesFrom(initial));
  const [errors, setErrors] = useState<FormErrors>({});
  const [uploads, setUploads] = useState(0);
  const [hasReset, setHasReset] = useState(false);
  const update = useUpdateBranding(organizationId);

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
  const set: SetBrandingField = (field, value) => {
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
  const onUploadingChange = (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1));

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

  return {
    values,
    errors,
    hasReset,
    isUploading: uploads > 0,
    isSaving: update.isPending,
    saveError: update.error,
    set,
    setColor,
    onUploadingChange,
    submit,
    resetToDefaults,
  };
}
