import type { FieldErrors } from '@music-review/core/api-errors';
import type { ReactNode } from 'react';
import { TextField } from '../../../../components/ui/text-field';
import type { RecordingValues } from './recording-form';

/** The recording's own fields, each with its message beside it. `isrcAction` sits by the ISRC. */
export function RecordingFields({
  values,
  errors,
  onChange,
  isrcAction,
}: {
  values: RecordingValues;
  errors: FieldErrors;
  onChange: (patch: Partial<RecordingValues>) => void;
  isrcAction?: ReactNode;
}) {
  const text = (
    name: keyof RecordingValues & string,
    label: string,
    field: string = name,
    extra: object = {},
  ) => (
    <TextField
      label={label}
      value={values[name] as string}
      onChange={(event) => onChange({ [name]: event.target.value } as Partial<RecordingValues>)}
      error={errors[field]}
      {...extra}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('title', 'Title')}
      {text('version', 'Version or mix', 'version', { placeholder: 'Radio edit, Remix…' })}
      {text('display_artist', 'Display artist')}
      <div className="flex flex-col gap-2">
        {text('isrc', 'ISRC', 'isrc', { placeholder: 'GB-ABC-26-00001', autoComplete: 'off' })}
        {isrcAction}
      </div>
      {text('duration', 'Duration', 'duration_seconds', { placeholder: '3:25', inputMode: 'numeric' })}
      <div className="flex flex-col gap-1.5">
        <span aria-hidden="true" className="text-sm font-medium text-foreground">
          Content
        </span>
        <label className="flex h-10 items-center gap-2 text-sm text-foreground">
          <input
            type="checkbox"
            checked={values.explicit}
            onChange={(event) => onChange({ explicit: event.target.checked })}
            className="size-4 accent-primary"
          />
          Explicit
        </label>
      </div>
      {text('genre', 'Genre')}
      {text('subgenre', 'Subgenre')}
      {text('language', 'Language', 'language', { placeholder: 'en', maxLength: 3 })}
      {text('bpm', 'BPM', 'bpm', { inputMode: 'numeric' })}
      {text('musical_key', 'Key', 'musical_key', { placeholder: 'A minor' })}
      {text('recording_year', 'Recording year', 'recording_year', { inputMode: 'numeric' })}
      {text('p_line_year', 'P-line year', 'p_line_year', { inputMode: 'numeric' })}
      {text('p_line_owner', 'P-line owner')}
    </div>
  );
}
