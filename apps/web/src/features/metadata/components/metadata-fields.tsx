import {
  type FullMetadataDraft,
  METADATA_LIMITS,
  type MetadataFieldErrors,
} from '@music-review/core/metadata-forms';
import { TextField } from '../../../components/ui/text-field';
import { CodeFields } from './code-fields';
import { DetailsFields } from './details-fields';
import { FieldSection } from './field-section';
import { NameList } from './name-list';
import { PartyRows } from './party-rows';

/**
 * The metadata form's fields, shared by the artist's page and the label's edit. Values are kept as
 * typed (a share box may hold "6." for a moment); the submit rules live in packages/core.
 */
export function MetadataFields({
  value,
  onChange,
  errors,
}: {
  value: FullMetadataDraft;
  onChange: (next: FullMetadataDraft) => void;
  errors: MetadataFieldErrors;
}) {
  const set = <K extends keyof FullMetadataDraft>(key: K, next: FullMetadataDraft[K]) =>
    onChange({ ...value, [key]: next });
  const text = (key: 'title' | 'version') => ({
    value: value[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errors[key],
  });

  return (
    <div className="flex flex-col gap-6">
      <FieldSection title="Track">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Title" required maxLength={METADATA_LIMITS.text} {...text('title')} />
          <TextField
            label="Version"
            maxLength={METADATA_LIMITS.text}
            placeholder="Radio Edit, Extended Mix…"
            hint="Leave empty for the original version."
            {...text('version')}
          />
        </div>
      </FieldSection>

      <FieldSection title="Artists">
        <NameList
          label="Primary artists"
          singular="Primary artist"
          values={value.primary_artists}
          onChange={(next) => set('primary_artists', next)}
          error={errors.primary_artists}
          errors={errors}
          path="primary_artists"
        />
        <NameList
          label="Featured artists"
          singular="Featured artist"
          values={value.featured_artists}
          onChange={(next) => set('featured_artists', next)}
          error={errors.featured_artists}
          errors={errors}
          path="featured_artists"
        />
        <NameList
          label="Remixers"
          singular="Remixer"
          values={value.remixers}
          onChange={(next) => set('remixers', next)}
          error={errors.remixers}
          errors={errors}
          path="remixers"
        />
      </FieldSection>

      <FieldSection
        title="Writers"
        description="Everyone who wrote the song, with their performing rights organisation (PRO), IPI number and share."
      >
        <PartyRows
          kind="writers"
          rows={value.writers}
          onChange={(rows) => set('writers', rows)}
          errors={errors}
          blank={{ name: '', role: 'composer', pro: '', ipi: '', share: '' }}
        />
      </FieldSection>

      <FieldSection title="Publishers" description="Optional. The writers' publishers and their shares.">
        <PartyRows
          kind="publishers"
          rows={value.publishers}
          onChange={(rows) => set('publishers', rows)}
          errors={errors}
          blank={{ name: '', pro: '', ipi: '', share: '' }}
        />
      </FieldSection>

      <CodeFields value={value} set={set} errors={errors} />
      <DetailsFields value={value} set={set} errors={errors} />
    </div>
  );
}
