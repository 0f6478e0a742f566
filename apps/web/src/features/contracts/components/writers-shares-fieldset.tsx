import type { FieldErrors } from '@music-review/core/api-errors';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import type { TermsRow } from './use-contract-form';

/** The writers and their shares, with the running total (it must come to 100%). */
export function WritersSharesFieldset({
  writers,
  total,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  writers: TermsRow[];
  total: number;
  errors: FieldErrors;
  onChange: (key: number, patch: Partial<TermsRow>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) {
  const totalOk = total === 100;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">Writers’ shares</legend>
      {writers.map((w, i) => (
        <div key={w.key} className="flex items-end gap-2">
          <TextField
            className="flex-1"
            label={`Writer ${i + 1} name`}
            error={errors[`writers.${i}.name`]}
            value={w.name}
            onChange={(e) => onChange(w.key, { name: e.target.value })}
          />
          <TextField
            className="w-24"
            label={`Writer ${i + 1} share (%)`}
            error={errors[`writers.${i}.share`]}
            inputMode="decimal"
            value={w.share}
            onChange={(e) => onChange(w.key, { share: e.target.value })}
          />
          {writers.length > 1 ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove writer ${i + 1}`}
              onClick={() => onRemove(w.key)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      ))}
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add writer
        </Button>
        <p
          aria-live="polite"
          className={cn('text-sm font-medium', totalOk ? 'text-success' : 'text-destructive')}
        >
          Total: {total}%{totalOk ? '' : ' (must be 100%)'}
        </p>
      </div>
      {errors.writers ? <p className="text-sm text-destructive">{errors.writers}</p> : null}
    </fieldset>
  );
}
