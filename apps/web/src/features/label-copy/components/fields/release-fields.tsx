import type { LabelCopyData } from '@music-review/core/label-copy';
import { TextField } from '../../../../components/ui/text-field';
import { fieldGrid, type SectionProps } from './form-section';

/** The release's titles, artist, label, codes, dates and genre. */
export function ReleaseFields({ data, set, err, disabled }: SectionProps) {
  const text = (
    field: keyof LabelCopyData,
    label: string,
    extra: { placeholder?: string; hint?: string } = {},
  ) => (
    <TextField
      label={label}
      value={data[field] as string}
      onChange={(e) => set({ [field]: e.target.value } as Partial<LabelCopyData>)}
      error={err(field)}
      disabled={disabled}
      {...extra}
    />
  );
  return (
    <div className={fieldGrid}>
      {text('release_title', 'Release title')}
      {text('release_version', 'Release version', { placeholder: 'Deluxe Edition' })}
      {text('primary_artist', 'Primary artist')}
      {text('label', 'Label')}
      {text('catalogue_number', 'Catalogue number', { placeholder: 'DMR001' })}
      {text('upc', 'UPC/EAN', { hint: '12 digits (UPC) or 13 (EAN), check digit included' })}
      <TextField
        label="Release date"
        type="date"
        value={data.release_date}
        onChange={(e) => set({ release_date: e.target.value })}
        error={err('release_date')}
        disabled={disabled}
      />
      <TextField
        label="Original release date"
        type="date"
        value={data.original_release_date}
        onChange={(e) => set({ original_release_date: e.target.value })}
        error={err('original_release_date')}
        disabled={disabled}
      />
      {text('genre', 'Genre')}
    </div>
  );
}
