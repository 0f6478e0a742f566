import { METADATA_STATUS_LABELS, type MetadataFormDto } from '@music-review/core/metadata-forms';
import { Button } from '../../../components/ui/button';
import { formatDate } from './format';

/** The song's forms as toggle buttons (one per recording version), when it has more than one. */
export function MetadataFormPicker({
  forms,
  selectedId,
  onSelect,
}: {
  forms: MetadataFormDto[];
  selectedId: string;
  onSelect: (formId: string) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Metadata forms of this song</legend>
      {forms.map((form) => (
        <Button
          key={form.id}
          size="sm"
          variant={form.id === selectedId ? 'secondary' : 'ghost'}
          aria-pressed={form.id === selectedId}
          onClick={() => onSelect(form.id)}
        >
          {form.data.version.trim() || 'Original'} · {METADATA_STATUS_LABELS[form.status]}
          <span className="sr-only">, created {formatDate(form.created_at)}</span>
        </Button>
      ))}
    </fieldset>
  );
}
