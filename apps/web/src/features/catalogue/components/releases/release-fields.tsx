import type { FieldErrors } from '@music-review/core/api-errors';
import {
  RELEASE_STATUS_LABELS,
  RELEASE_STATUSES,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
  type ReleaseStatus,
  type ReleaseType,
} from '@music-review/core/catalogue';
import type { ReactNode } from 'react';
import { SelectField, TextField } from '../../../../components/ui/text-field';
import type { ReleaseValues } from './release-form';

type TextKey = Exclude<keyof ReleaseValues, 'tracks' | 'release_type' | 'status'>;

/** The release's own fields, each with its message beside it. `upcAction` sits by the UPC. */
export function ReleaseFields({
  values,
  errors,
  onChange,
  upcAction,
}: {
  values: ReleaseValues;
  errors: FieldErrors;
  onChange: (patch: Partial<ReleaseValues>) => void;
  upcAction?: ReactNode;
}) {
  const text = (name: TextKey, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => onChange({ [name]: event.target.value })}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('title', 'Title')}
      {text('version', 'Version', { placeholder: 'Deluxe edition…' })}
      {text('display_artist', 'Display artist')}
      <SelectField
        label="Type"
        value={values.release_type}
        onChange={(event) => onChange({ release_type: event.target.value as ReleaseType })}
      >
        {RELEASE_TYPES.map((type) => (
          <option key={type} value={type}>
            {RELEASE_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col gap-2">
        {text('upc', 'UPC/EAN', { inputMode: 'numeric', autoComplete: 'off' })}
        {upcAction}
      </div>
      {text('catalogue_number', 'Catalogue number', { autoComplete: 'off' })}
      <SelectField
        label="Status"
        value={values.status}
        onChange={(event) => onChange({ status: event.target.value as ReleaseStatus })}
      >
        {RELEASE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {RELEASE_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      {text('label_name', 'Label name')}
      {text('release_date', 'Release date', { type: 'date' })}
      {text('original_release_date', 'Original release date', { type: 'date' })}
      {text('genre', 'Genre')}
      <span aria-hidden="true" className="hidden sm:block" />
      {text('p_line_year', 'P-line year', { inputMode: 'numeric' })}
      {text('p_line_owner', 'P-line owner')}
      {text('c_line_year', 'C-line year', { inputMode: 'numeric' })}
      {text('c_line_owner', 'C-line owner')}
    </div>
  );
}
