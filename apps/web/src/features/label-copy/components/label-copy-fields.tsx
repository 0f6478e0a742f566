import {
  formatDuration,
  isCountryCode,
  type LabelCopyData,
  type LabelCopyIssue,
  type LabelCopyTrack,
  parseCountryList,
  parseDuration,
  WRITER_ROLE_LABELS,
} from '@music-review/core/label-copy';
import type { WriterRole } from '@music-review/core/metadata-forms';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

/**
 * The label copy's form, in sections (release, rights, territories, tracks, credits, writers and
 * publishers). Shared by the label's tab and the artist's public form. Controlled: the parent keeps
 * the draft (so typed text survives a failed save) and the issues to show.
 */

export type IssueMap = Map<string, string>;

/** Issues by field path; with `showAll` false, only those of fields that hold something. */
export function visibleIssues(
  data: LabelCopyData,
  issues: readonly LabelCopyIssue[],
  showAll: boolean,
): IssueMap {
  const map: IssueMap = new Map();
  for (const issue of issues) {
    if (!showAll && isEmptyAt(data, issue.field)) continue;
    if (!map.has(issue.field)) map.set(issue.field, issue.message);
  }
  return map;
}

function isEmptyAt(data: LabelCopyData, path: string): boolean {
  let value: unknown = data;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return true;
    value = (value as Record<string, unknown>)[part];
  }
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>).every((v) => v === null || v === '');
  return false;
}

function Section({
  title,
  description,
  level,
  children,
}: {
  title: string;
  description?: string;
  level: 2 | 3;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0"
    >
      <div>
        <Heading id={id} className="text-base font-semibold text-foreground">
          {title}
        </Heading>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

const grid = 'grid gap-4 sm:grid-cols-2';

function YearField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: number | null;
  onChange: (year: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      value={value === null ? '' : String(value)}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
        onChange(digits === '' ? null : Number(digits));
      }}
      error={error}
      disabled={disabled}
      placeholder="2026"
    />
  );
}

/** m:ss as typed; the number of seconds reaches the draft once the text is a duration. */
function DurationField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: number | null;
  onChange: (seconds: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(formatDuration(value));
  const [isInvalid, setIsInvalid] = useState(false);
  useEffect(() => {
    setText((current) => (parseDuration(current) === value ? current : formatDuration(value)));
  }, [value]);
  return (
    <TextField
      label={label}
      value={text}
      placeholder="3:25"
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const seconds = next.trim() === '' ? null : parseDuration(next);
        setIsInvalid(seconds === null && next.trim() !== '');
        if (seconds !== null || next.trim() === '') onChange(seconds);
      }}
      error={isInvalid ? 'Type the duration as minutes:seconds, like 3:25' : error}
      disabled={disabled}
    />
  );
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

function TerritoriesField({
  data,
  onChange,
  error,
  disabled,
}: {
  data: LabelCopyData;
  onChange: (patch: Partial<LabelCopyData>) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(data.territories.join(', '));
  useEffect(() => {
    setText((current) =>
      parseCountryList(current).join(',') === data.territories.join(',')
        ? current
        : data.territories.join(', '),
    );
  }, [data.territories]);
  const known = data.territories.filter(isCountryCode);
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm font-medium text-foreground">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={data.worldwide}
          disabled={disabled}
          onChange={(e) => onChange({ worldwide: e.target.checked })}
        />
        Worldwide
      </label>
      {data.worldwide ? null : (
        <TextField
          label="Country codes"
          value={text}
          placeholder="GB, IE, DE"
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            onChange({ territories: parseCountryList(e.target.value) });
          }}
          hint={
            known.length > 0
              ? known.map((code) => regionNames?.of(code) ?? code).join(', ')
              : 'Two-letter ISO codes, separated by commas'
          }
          error={error}
        />
      )}
    </div>
  );
}

function RemoveButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="self-end sm:mb-1"
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}

function SelectField({
  label,
  value,
  onChange,
  options,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <select
        id={id}
        className={cn(inputClasses, 'pr-8')}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

const emptyTrack = (data: LabelCopyData): LabelCopyTrack => ({
  title: data.release_title,
  version: '',
  artists: data.primary_artist,
  isrc: '',
  duration_seconds: null,
  explicit: false,
});

export function LabelCopyFields({
  data,
  onChange,
  issues,
  disabled = false,
  headingLevel = 3,
}: {
  data: LabelCopyData;
  onChange: (data: LabelCopyData) => void;
  issues: IssueMap;
  disabled?: boolean;
  /** The sections' heading level: 2 right under a page's title, 3 inside a tab (under its h2). */
  headingLevel?: 2 | 3;
}) {
  const set = (patch: Partial<LabelCopyData>) => onChange({ ...data, ...patch });
  const err = (field: string) => issues.get(field);
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
  const setTrack = (index: number, patch: Partial<LabelCopyTrack>) =>
    set({ tracks: data.tracks.map((t, i) => (i === index ? { ...t, ...patch } : t)) });
  const credits = data.credits;
  const setCredits = (patch: Partial<LabelCopyData['credits']>) => set({ credits: { ...credits, ...patch } });

  return (
    // Locked (final) fields hide their example placeholders, so an empty field does not read as filled in.
    <div className="flex flex-col gap-6 [&_input:disabled::placeholder]:text-transparent">
      <Section level={headingLevel} title="Release">
        <div className={grid}>
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
      </Section>

      <Section level={headingLevel} title="Territories">
        <TerritoriesField data={data} onChange={set} error={err('territories')} disabled={disabled} />
      </Section>

      <Section
        level={headingLevel}
        title="Rights lines"
        description="℗ for the recording, © for the composition and artwork."
      >
        <div className={grid}>
          <RightsLineFields line="p_line" symbol="℗" data={data} set={set} err={err} disabled={disabled} />
          <RightsLineFields line="c_line" symbol="©" data={data} set={set} err={err} disabled={disabled} />
        </div>
      </Section>

      <Section level={headingLevel} title="Tracks" description="For a single, the track is the song.">
        {err('tracks') ? (
          <p role="alert" className="text-sm text-destructive">
            {err('tracks')}
          </p>
        ) : null}
        <ol className="flex flex-col gap-4">
          {data.tracks.map((track, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; position is the track number
            <li key={i} className="rounded-lg border border-border p-4">
              <div className="mb-3 flex items-center justify-between gap-2">
                <p className="text-sm font-semibold text-foreground">Track {i + 1}</p>
                <RemoveButton
                  label={`Remove track ${i + 1}`}
                  onClick={() => set({ tracks: data.tracks.filter((_, j) => j !== i) })}
                  disabled={disabled}
                />
              </div>
              <div className={grid}>
                <TextField
                  label={`Track ${i + 1} title`}
                  value={track.title}
                  onChange={(e) => setTrack(i, { title: e.target.value })}
                  error={err(`tracks.${i}.title`)}
                  disabled={disabled}
                />
                <TextField
                  label={`Track ${i + 1} version`}
                  value={track.version}
                  placeholder="Radio Edit"
                  onChange={(e) => setTrack(i, { version: e.target.value })}
                  disabled={disabled}
                />
                <TextField
                  label={`Track ${i + 1} artists`}
                  value={track.artists}
                  onChange={(e) => setTrack(i, { artists: e.target.value })}
                  error={err(`tracks.${i}.artists`)}
                  disabled={disabled}
                />
                <TextField
                  label={`Track ${i + 1} ISRC`}
                  value={track.isrc}
                  placeholder="GB-ABC-26-00001"
                  onChange={(e) => setTrack(i, { isrc: e.target.value })}
                  error={err(`tracks.${i}.isrc`)}
                  disabled={disabled}
                />
                <DurationField
                  label={`Track ${i + 1} duration`}
                  value={track.duration_seconds}
                  onChange={(duration_seconds) => setTrack(i, { duration_seconds })}
                  error={err(`tracks.${i}.duration_seconds`)}
                  disabled={disabled}
                />
                <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-foreground">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={track.explicit}
                    disabled={disabled}
                    onChange={(e) => setTrack(i, { explicit: e.target.checked })}
                  />
                  Explicit
                </label>
              </div>
            </li>
          ))}
        </ol>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={disabled}
          onClick={() => set({ tracks: [...data.tracks, emptyTrack(data)] })}
        >
          <Plus aria-hidden="true" />
          Add track
        </Button>
      </Section>

      <Section level={headingLevel} title="Credits">
        <div className={grid}>
          <TextField
            label="Producer"
            value={credits.producer}
            onChange={(e) => setCredits({ producer: e.target.value })}
            error={err('credits.producer')}
            disabled={disabled}
          />
          <TextField
            label="Engineer"
            value={credits.engineer}
            onChange={(e) => setCredits({ engineer: e.target.value })}
            disabled={disabled}
          />
          <TextField
            label="Mixer"
            value={credits.mixer}
            onChange={(e) => setCredits({ mixer: e.target.value })}
            disabled={disabled}
          />
          <TextField
            label="Mastering engineer"
            value={credits.mastering_engineer}
            onChange={(e) => setCredits({ mastering_engineer: e.target.value })}
            disabled={disabled}
          />
        </div>
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium text-foreground">Performers</p>
          {credits.performers.length === 0 ? (
            <p className="text-sm text-muted-foreground">No performers yet.</p>
          ) : null}
          {credits.performers.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
            <div key={i} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <TextField
                label={`Performer ${i + 1} name`}
                value={p.name}
                onChange={(e) =>
                  setCredits({
                    performers: credits.performers.map((x, j) =>
                      j === i ? { ...x, name: e.target.value } : x,
                    ),
                  })
                }
                error={err(`credits.performers.${i}.name`)}
                disabled={disabled}
              />
              <TextField
                label={`Performer ${i + 1} instrument or role`}
                value={p.role}
                placeholder="Vocals"
                onChange={(e) =>
                  setCredits({
                    performers: credits.performers.map((x, j) =>
                      j === i ? { ...x, role: e.target.value } : x,
                    ),
                  })
                }
                disabled={disabled}
              />
              <RemoveButton
                label={`Remove performer ${i + 1}`}
                onClick={() => setCredits({ performers: credits.performers.filter((_, j) => j !== i) })}
                disabled={disabled}
              />
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            disabled={disabled}
            onClick={() => setCredits({ performers: [...credits.performers, { name: '', role: '' }] })}
          >
            <Plus aria-hidden="true" />
            Add performer
          </Button>
        </div>
      </Section>

      <Section
        level={headingLevel}
        title="Writers and publishers"
        description="Shares are percentages and total 100 for each list."
      >
        <ShareHolders
          kind="writer"
          rows={data.writers}
          onChange={(writers) => set({ writers })}
          blank={{ name: '', role: 'composer_lyricist', pro: '', ipi: '', share: 0 }}
          err={err}
          disabled={disabled}
        />
        <ShareHolders
          kind="publisher"
          rows={data.publishers}
          onChange={(publishers) => set({ publishers })}
          blank={{ name: '', pro: '', ipi: '', share: 0 }}
          err={err}
          disabled={disabled}
        />
      </Section>
    </div>
  );
}

interface ShareHolder {
  name: string;
  role?: WriterRole;
  pro: string;
  ipi: string;
  share: number;
}

/**
 * The writers' or the publishers' rows: name (and a writer's role), PRO, IPI and share, each with
 * its error beside it, a Remove button per row and "Add writer" / "Add publisher".
 */
function ShareHolders<T extends ShareHolder>({
  kind,
  rows,
  onChange,
  blank,
  err,
  disabled,
}: {
  kind: 'writer' | 'publisher';
  rows: T[];
  onChange: (rows: T[]) => void;
  blank: T;
  err: (path: string) => string | undefined;
  disabled: boolean;
}) {
  const Name = kind === 'writer' ? 'Writer' : 'Publisher';
  const list = `${kind}s`;
  return (
    <>
      {err(list) ? (
        <p role="alert" className="text-sm text-destructive">
          {err(list)}
        </p>
      ) : null}
      {rows.map((row, i) => {
        const update = (patch: Partial<ShareHolder>) =>
          onChange(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        const label = `${Name} ${i + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
          <div key={i} className="rounded-lg border border-border p-4">
            <div className="mb-3 flex items-center justify-between gap-2">
              <p className="text-sm font-semibold text-foreground">{label}</p>
              <RemoveButton
                label={`Remove ${kind} ${i + 1}`}
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
                disabled={disabled}
              />
            </div>
            <div className={grid}>
              <TextField
                label={`${label} name`}
                value={row.name}
                onChange={(e) => update({ name: e.target.value })}
                error={err(`${list}.${i}.name`)}
                disabled={disabled}
              />
              {kind === 'writer' ? (
                <SelectField
                  label={`${label} role`}
                  value={row.role ?? 'composer_lyricist'}
                  onChange={(role) => update({ role: role as WriterRole })}
                  options={Object.entries(WRITER_ROLE_LABELS)}
                  disabled={disabled}
                />
              ) : null}
              <TextField
                label={`${label} PRO`}
                value={row.pro}
                placeholder={kind === 'writer' ? 'PRS' : undefined}
                onChange={(e) => update({ pro: e.target.value })}
                error={err(`${list}.${i}.pro`)}
                disabled={disabled}
              />
              <TextField
                label={`${label} IPI`}
                value={row.ipi}
                onChange={(e) => update({ ipi: e.target.value })}
                error={err(`${list}.${i}.ipi`)}
                disabled={disabled}
              />
              <TextField
                label={`${label} share (%)`}
                type="number"
                min={0}
                max={100}
                step={0.01}
                value={Number.isFinite(row.share) ? String(row.share) : ''}
                onChange={(e) => update({ share: e.target.value === '' ? 0 : Number(e.target.value) })}
                error={err(`${list}.${i}.share`)}
                disabled={disabled}
              />
            </div>
          </div>
        );
      })}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={disabled}
        onClick={() => onChange([...rows, { ...blank }])}
      >
        <Plus aria-hidden="true" />
        Add {kind}
      </Button>
    </>
  );
}

/** A P-line or C-line: its year and owner, with the line as it will print under the owner. */
function RightsLineFields({
  line,
  symbol,
  data,
  set,
  err,
  disabled,
}: {
  line: 'p_line' | 'c_line';
  symbol: '℗' | '©';
  data: LabelCopyData;
  set: (patch: Partial<LabelCopyData>) => void;
  err: (path: string) => string | undefined;
  disabled: boolean;
}) {
  const value = data[line];
  const name = line === 'p_line' ? 'P-line' : 'C-line';
  return (
    <>
      <YearField
        label={`${name} year`}
        value={value.year}
        onChange={(year) => set({ [line]: { ...value, year } })}
        error={err(`${line}.year`) ?? err(line)}
        disabled={disabled}
      />
      <TextField
        label={`${name} owner`}
        value={value.owner}
        onChange={(e) => set({ [line]: { ...value, owner: e.target.value } })}
        error={err(`${line}.owner`)}
        disabled={disabled}
        hint={value.owner ? `${symbol} ${value.year ?? ''} ${value.owner}` : undefined}
      />
    </>
  );
}
