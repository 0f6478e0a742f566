import { WRITER_ROLE_LABELS } from '@music-review/core/label-copy';
import type { WriterRole } from '@music-review/core/metadata-forms';
import { Plus } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';
import { fieldGrid } from './form-section';
import { RemoveButton } from './remove-button';
import { SelectField } from './select-field';

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
export function ShareHolderRows<T extends ShareHolder>({
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
            <div className={fieldGrid}>
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
