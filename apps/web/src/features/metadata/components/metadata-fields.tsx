import {
  type FullMetadataDraft,
  isrcPreview,
  liveSharesTotal,
  METADATA_LANGUAGES,
  METADATA_LIMITS,
  type MetadataFieldErrors,
  type MetadataPublisherDraft,
  type MetadataWriterDraft,
  WRITER_ROLE_LABELS,
  WRITER_ROLES,
} from '@music-review/core/metadata-forms';
import { CODE_INPUT_MAX, formatIswc, validateIswc } from '@music-review/core/music-codes';
import { Plus, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

/**
 * The metadata form's fields, shared by the artist's page and the label's edit. Values are kept as
 * typed (a share box may hold "6." for a moment); the submit rules live in packages/core.
 */

type Change = (next: FullMetadataDraft) => void;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full">
        <span className="text-base font-semibold text-foreground">{title}</span>
        {description ? (
          <span className="mt-0.5 block text-sm text-muted-foreground">{description}</span>
        ) : null}
      </legend>
      {children}
    </fieldset>
  );
}

/** A list of names (primary, featured artists, remixers): one box each, add and remove. */
function NameList({
  label,
  singular,
  values,
  onChange,
  error,
  errors,
  path,
  placeholder,
}: {
  label: string;
  singular: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  errors: MetadataFieldErrors;
  path: string;
  placeholder?: string;
}) {
  const id = useId();
  const shown = values.length === 0 ? [''] : values;
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend id={`${id}-label`} className="mb-1.5 text-sm font-medium text-foreground">
        {label}
      </legend>
      <ul className="flex flex-col gap-2">
        {shown.map((value, index) => {
          const itemError = errors[`${path}.${index}`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and removed by index
            <li key={index} className="flex items-start gap-2">
              <input
                aria-label={`${singular} ${index + 1}`}
                value={value}
                placeholder={placeholder}
                maxLength={METADATA_LIMITS.text}
                aria-invalid={itemError || (error && index === 0) ? true : undefined}
                className={inputClasses}
                onChange={(event) => {
                  const next = [...shown];
                  next[index] = event.target.value;
                  onChange(next);
                }}
              />
              {shown.length > 1 || value ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${singular.toLowerCase()} ${index + 1}`}
                  onClick={() => onChange(shown.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-error`} message={error} />
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => onChange([...shown, ''])}
        disabled={shown.length >= METADATA_LIMITS.names}
      >
        <Plus aria-hidden="true" />
        Add {singular.toLowerCase()}
      </Button>
    </fieldset>
  );
}

function ShareTotal({ shares, error }: { shares: Array<number | string | null>; error: string | undefined }) {
  const total = liveSharesTotal(shares);
  const isComplete = total === 100;
  return (
    <div className="flex flex-col gap-1">
      <p
        aria-live="polite"
        className={cn('text-sm font-medium', isComplete ? 'text-success' : 'text-muted-foreground')}
      >
        Total: {total.toLocaleString('en', { maximumFractionDigits: 2 })}%{' '}
        <span className="font-normal">{isComplete ? '(complete)' : '(must be 100%)'}</span>
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const rowInput = (_invalid: string | undefined) => cn(inputClasses, 'h-9');

function PartyRows<R extends MetadataWriterDraft | MetadataPublisherDraft>({
  kind,
  rows,
  onChange,
  errors,
  blank,
}: {
  kind: 'writers' | 'publishers';
  rows: R[];
  onChange: (rows: R[]) => void;
  errors: MetadataFieldErrors;
  blank: R;
}) {
  const singular = kind === 'writers' ? 'Writer' : 'Publisher';
  const set = (index: number, patch: Partial<R>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="flex flex-col gap-3">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {kind === 'writers'
            ? 'No writers yet. Add everyone who wrote the song, with their share of the composition.'
            : 'No publishers. Add them if the writers have publishing deals; their shares must also total 100%.'}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const at = `${kind}.${index}`;
          const label = (field: string) => (
            <span className="text-xs font-medium text-muted-foreground">
              <span className="sr-only">
                {singular} {index + 1}{' '}
              </span>
              {field}
            </span>
          );
          const err = (field: string) => errors[`${at}.${field}`];
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and removed by index
              key={index}
              // Two rows from sm up (name and role; PRO, IPI and share), so every box fits its value
              // even in the public form's narrow card.
              className="grid grid-cols-2 gap-2 rounded-lg border border-border p-3 sm:grid-cols-6 sm:items-start"
            >
              <label
                className={cn(
                  'col-span-2 flex flex-col gap-1',
                  'role' in row ? 'sm:col-span-3' : 'sm:col-span-6',
                )}
              >
                {label('Name')}
                <input
                  className={rowInput(err('name'))}
                  value={row.name}
                  maxLength={METADATA_LIMITS.text}
                  aria-invalid={err('name') ? true : undefined}
                  onChange={(e) => set(index, { name: e.target.value } as Partial<R>)}
                />
                <FieldError id={`${at}-name`} message={err('name')} />
              </label>
              {'role' in row ? (
                <label className="col-span-2 flex flex-col gap-1 sm:col-span-3">
                  {label('Role')}
                  <select
                    className={rowInput(err('role'))}
                    value={row.role}
                    aria-invalid={err('role') ? true : undefined}
                    onChange={(e) => set(index, { role: e.target.value } as unknown as Partial<R>)}
                  >
                    {WRITER_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {WRITER_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${at}-role`} message={err('role')} />
                </label>
              ) : null}
              <label className="flex flex-col gap-1 sm:col-span-2">
                {label('PRO')}
                <input
                  className={rowInput(err('pro'))}
                  value={row.pro}
                  placeholder="PRS"
                  maxLength={METADATA_LIMITS.pro}
                  onChange={(e) => set(index, { pro: e.target.value } as Partial<R>)}
                />
              </label>
              <label className="flex flex-col gap-1 sm:col-span-2">
                {label('IPI')}
                <input
                  className={rowInput(err('ipi'))}
                  value={row.ipi}
                  maxLength={CODE_INPUT_MAX.ipi}
                  inputMode="numeric"
                  aria-invalid={err('ipi') ? true : undefined}
                  onChange={(e) => set(index, { ipi: e.target.value } as Partial<R>)}
                />
                <FieldError id={`${at}-ipi`} message={err('ipi')} />
              </label>
              <div className="col-span-2 flex items-end gap-2 sm:col-span-2">
                <label className="flex min-w-0 flex-1 flex-col gap-1">
                  {label('Share %')}
                  <input
                    className={rowInput(err('share'))}
                    value={row.share === null ? '' : String(row.share)}
                    inputMode="decimal"
                    aria-invalid={err('share') ? true : undefined}
                    onChange={(e) => set(index, { share: e.target.value } as Partial<R>)}
                  />
                </label>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${singular.toLowerCase()} ${index + 1}`}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {err('share') ? (
                <div className="col-span-2 sm:col-span-6">
                  <FieldError id={`${at}-share`} message={err('share')} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {rows.length > 0 ? (
        <ShareTotal shares={rows.map((r) => r.share)} error={errors[kind]} />
      ) : (
        <FieldError id={`${kind}-error`} message={errors[kind]} />
      )}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={rows.length >= METADATA_LIMITS.rows}
        onClick={() => onChange([...rows, { ...blank }])}
      >
        <Plus aria-hidden="true" />
        Add {singular.toLowerCase()}
      </Button>
    </div>
  );
}

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

export function MetadataFields({
  value,
  onChange,
  errors,
}: {
  value: FullMetadataDraft;
  onChange: Change;
  errors: MetadataFieldErrors;
}) {
  const set = <K extends keyof FullMetadataDraft>(key: K, next: FullMetadataDraft[K]) =>
    onChange({ ...value, [key]: next });
  const text = (key: 'title' | 'version' | 'genre' | 'key' | 'isrc' | 'iswc') => ({
    value: value[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errors[key],
  });
  const lyricsId = useId();
  const explicitId = useId();
  const languageKnown = METADATA_LANGUAGES.some((l) => l.code === value.language);

  return (
    <div className="flex flex-col gap-6">
      <Section title="Track">
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
      </Section>

      <Section title="Artists">
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
      </Section>

      <Section
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
      </Section>

      <Section title="Publishers" description="Optional. The writers' publishers and their shares.">
        <PartyRows
          kind="publishers"
          rows={value.publishers}
          onChange={(rows) => set('publishers', rows)}
          errors={errors}
          blank={{ name: '', pro: '', ipi: '', share: '' }}
        />
      </Section>

      <Section title="Codes">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="ISRC"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={CODE_INPUT_MAX.isrc}
            hint={<CodeHint kind="isrc" value={value.isrc} />}
            {...text('isrc')}
          />
          <TextField
            label="ISWC"
            autoComplete="off"
            spellCheck={false}
            maxLength={CODE_INPUT_MAX.iswc}
            hint={<CodeHint kind="iswc" value={value.iswc} />}
            {...text('iswc')}
          />
        </div>
      </Section>

      <Section title="Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Genre"
            required
            maxLength={METADATA_LIMITS.genre}
            placeholder="Synth-pop"
            {...text('genre')}
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
          <TextField label="Key" placeholder="A minor" maxLength={METADATA_LIMITS.key} {...text('key')} />
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
      </Section>
    </div>
  );
}
