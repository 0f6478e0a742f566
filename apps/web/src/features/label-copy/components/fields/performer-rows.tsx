import type { LabelCopyPerformer } from '@music-review/core/label-copy';
import { Plus } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { RemoveButton } from './remove-button';

/** The performers' rows (name, instrument or role, Remove), then "Add performer". */
export function PerformerRows({
  performers,
  onChange,
  err,
  disabled,
}: {
  performers: LabelCopyPerformer[];
  onChange: (performers: LabelCopyPerformer[]) => void;
  err: (path: string) => string | undefined;
  disabled: boolean;
}) {
  const update = (index: number, patch: Partial<LabelCopyPerformer>) =>
    onChange(performers.map((x, j) => (j === index ? { ...x, ...patch } : x)));
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium text-foreground">Performers</p>
      {performers.length === 0 ? <p className="text-sm text-muted-foreground">No performers yet.</p> : null}
      {performers.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
        <div key={i} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            label={`Performer ${i + 1} name`}
            value={p.name}
            onChange={(e) => update(i, { name: e.target.value })}
            error={err(`credits.performers.${i}.name`)}
            disabled={disabled}
          />
          <TextField
            label={`Performer ${i + 1} instrument or role`}
            value={p.role}
            placeholder="Vocals"
            onChange={(e) => update(i, { role: e.target.value })}
            disabled={disabled}
          />
          <RemoveButton
            label={`Remove performer ${i + 1}`}
            onClick={() => onChange(performers.filter((_, j) => j !== i))}
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
        onClick={() => onChange([...performers, { name: '', role: '' }])}
      >
        <Plus aria-hidden="true" />
        Add performer
      </Button>
    </div>
  );
}
