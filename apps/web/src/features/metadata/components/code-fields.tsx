import {
  type FullMetadataDraft,
  isrcPreview,
  type MetadataFieldErrors,
} from '@music-review/core/metadata-forms';
import { CODE_INPUT_MAX, formatIswc, validateIswc } from '@music-review/core/music-codes';
import { TextField } from '../../../components/ui/text-field';
import { FieldSection } from './field-section';

/** Under a code box: the expected shape while empty, then whether what was typed is valid. */
function CodeHint({ kind, value }: { kind: 'isrc' | 'iswc'; value: string }) {
  if (kind === 'isrc') {
    const preview = isrcPreview(value);
    if (!preview) return <>12 characters, like GB-ABC-26-00001. Hyphens and spaces are optional.</>;
    return preview.ok ? (
      <span className="text-success">Valid ISRC: {preview.formatted}</span>
    ) : (
      <span className="text-warning">{preview.message}</span>
    );
  }
  if (!value.trim()) return <>Optional: the composition's code, like T-034.524.680-1, once registered.</>;
  const result = validateIswc(value);
  return result.ok ? (
    <span className="text-success">Valid ISWC: {formatIswc(value)}</span>
  ) : (
    <span className="text-warning">{result.message}</span>
  );
}

/** The Codes section: the recording's ISRC and the composition's ISWC. */
export function CodeFields({
  value,
  set,
  errors,
}: {
  value: FullMetadataDraft;
  set: (key: 'isrc' | 'iswc', next: string) => void;
  errors: MetadataFieldErrors;
}) {
  return (
    <FieldSection title="Codes">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="ISRC"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={CODE_INPUT_MAX.isrc}
          hint={<CodeHint kind="isrc" value={value.isrc} />}
          value={value.isrc}
          onChange={(e) => set('isrc', e.target.value)}
          error={errors.isrc}
        />
        <TextField
          label="ISWC"
          autoComplete="off"
          spellCheck={false}
          maxLength={CODE_INPUT_MAX.iswc}
          hint={<CodeHint kind="iswc" value={value.iswc} />}
          value={value.iswc}
          onChange={(e) => set('iswc', e.target.value)}
          error={errors.iswc}
        />
      </div>
    </FieldSection>
  );
}
