import type { FieldErrors } from '@music-review/core/api-errors';
import { Plus, Trash2 } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { PayeePicker } from '../shared/pickers';
import { ShareTotal } from '../shared/share-total';
import type { SplitValue } from './recording-form';

/** Who is paid for the master and their shares, with the live total (it must reach exactly 100%). */
export function MasterSplitsEditor({
  splits,
  errors,
  onChange,
}: {
  splits: SplitValue[];
  errors: FieldErrors;
  onChange: (splits: SplitValue[]) => void;
}) {
  const update = (index: number, patch: Partial<SplitValue>) =>
    onChange(splits.map((split, i) => (i === index ? { ...split, ...patch } : split)));
  return (
    <div className="flex flex-col gap-3">
      {splits.length === 0 ? <p className="text-sm text-muted-foreground">No master split yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {splits.map((split, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a new row has no id yet
          <li key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_8rem_auto]">
            <PayeePicker
              label={`Payee ${index + 1}`}
              value={split.payee}
              onChange={(payee) => update(index, { payee })}
              error={errors[`splits.${index}.payee_id`]}
            />
            <TextField
              label="Share (%)"
              aria-label={`Share (%) of payee ${index + 1}`}
              inputMode="decimal"
              value={split.share}
              onChange={(event) => update(index, { share: event.target.value })}
              error={errors[`splits.${index}.share`] ?? errors[`splits.${index}`]}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove payee ${index + 1}`}
              onClick={() => onChange(splits.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" size="sm" onClick={() => onChange([...splits, { payee: null, share: '' }])}>
          <Plus aria-hidden="true" />
          Add payee
        </Button>
        {splits.length > 0 ? (
          <ShareTotal shares={splits.map((split) => Number(split.share || Number.NaN))} />
        ) : null}
      </div>
      {errors.splits ? <Alert>{errors.splits}</Alert> : null}
    </div>
  );
}
