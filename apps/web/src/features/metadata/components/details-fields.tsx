import {
  type FullMetadataDraft,
  METADATA_LANGUAGES,
  METADATA_LIMITS,
  type MetadataFieldErrors,
} from '@music-review/core/metadata-forms';
import { useId } from 'react';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { FieldError } from './field-error';
import { FieldSection } from './field-section';

/** The Details section: genre, language, BPM, key, explicit lyrics and the lyrics themselves. */
export function DetailsFields({
  value,
  set,
  errors,
}: {
  value: FullMetadataDraft;
  set: <K extends keyof FullMetadataDraft>(key: K, next: FullMetadataDraft[K]) => void;
  errors: MetadataFieldErrors;
}) {
  const lyricsId = useId();
  const explicitId = useId();
  // A stored language missing from the list stays selectable rather than showing as unset.
  const languageKnown = METADATA_LANGUAGES.some((l) => l.code === value.language);

  return (
    <FieldSection title="Details">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Genre"
          required
          maxLength={METADATA_LIMITS.genre}
          placeholder="Synth-pop"
          value={value.genre}
          onChange={(e) => set('genre', e.target.value)}
          error={errors.genre}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${lyricsId}-language`} className="text-sm font-medium text-foreground">
            Language
          </label>
          <select
            id={`${lyricsId}-language`}
            className={inputClasses}
            value={value.language}
            aria-invalid={errors.language ? true : undefined}
            onChange={(e) => set('language', e.target.value)}
          >
            <option value="">Choose a language</option>
            {!languageKnown && value.language ? (
              <option value={value.language}>{value.language}</option>
            ) : null}
            {METADATA_LANGUAGES.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
          <FieldError id={`${lyricsId}-language-error`} message={errors.language} />
        </div>
        <TextField
          label="BPM"
          inputMode="decimal"
          value={value.bpm === null ? '' : String(value.bpm)}
          onChange={(e) => set('bpm', e.target.value)}
          error={errors.bpm}
        />
        <TextField
          label="Key"
          placeholder="A minor"
          maxLength={METADATA_LIMITS.key}
          value={value.key}
          onChange={(e) => set('key', e.target.value)}
          error={errors.key}
        />
      </div>
      <label htmlFor={explicitId} className="flex items-center gap-3 text-sm text-foreground">
        <input
          id={explicitId}
          type="checkbox"
          role="switch"
          aria-checked={value.explicit}
          checked={value.explicit}
          onChange={(e) => set('explicit', e.target.checked)}
          className="size-5 accent-primary"
        />
        <span>
          <span className="font-medium">Explicit lyrics</span>
          <span className="block text-muted-foreground">
            Switch on if the lyrics need a parental advisory.
          </span>
        </span>
      </label>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={lyricsId} className="text-sm font-medium text-foreground">
          Lyrics
        </label>
        <textarea
          id={lyricsId}
          value={value.lyrics}
          maxLength={METADATA_LIMITS.lyrics}
          rows={8}
          aria-invalid={errors.lyrics ? true : undefined}
          onChange={(e) => set('lyrics', e.target.value)}
          className={cn(inputClasses, 'h-auto min-h-32 py-2 leading-6')}
        />
        <FieldError id={`${lyricsId}-error`} message={errors.lyrics} />
      </div>
    </FieldSection>
  );
}
