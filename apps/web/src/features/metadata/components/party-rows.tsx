import {
  METADATA_LIMITS,
  type MetadataFieldErrors,
  type MetadataPublisherDraft,
  type MetadataWriterDraft,
  WRITER_ROLE_LABELS,
  WRITER_ROLES,
} from '@music-review/core/metadata-forms';
import { CODE_INPUT_MAX } from '@music-review/core/music-codes';
import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { FieldError } from './field-error';
import { ShareTotal } from './share-total';

const rowInput = (_invalid: string | undefined) => cn(inputClasses, 'h-9');

/**
 * The writers' or the publishers' rows: name (and a writer's role), PRO, IPI and share, with the
 * shares' live total. A row's errors are keyed `<kind>.<index>.<field>`.
 */
export function PartyRows<R extends MetadataWriterDraft | MetadataPublisherDraft>({
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
