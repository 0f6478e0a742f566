import type { FieldErrors } from '@music-review/core/api-errors';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { TermsRow } from './use-contract-form';

/** The contract's parties: name, role and email each, at least one. */
export function ContractPartiesFieldset({
  parties,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  parties: TermsRow[];
  errors: FieldErrors;
  onChange: (key: number, patch: Partial<TermsRow>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">Parties</legend>
      {parties.map((p, i) => (
        <div key={p.key} className="grid grid-cols-2 gap-2 rounded-lg border border-border p-3">
          <TextField
            label={`Party ${i + 1} name`}
            error={errors[`parties.${i}.name`]}
            value={p.name}
            onChange={(e) => onChange(p.key, { name: e.target.value })}
          />
          <TextField
            label={`Party ${i + 1} role`}
            error={errors[`parties.${i}.role`]}
            value={p.role}
            onChange={(e) => onChange(p.key, { role: e.target.value })}
          />
          <TextField
            className="col-span-2"
            label={`Party ${i + 1} email`}
            error={errors[`parties.${i}.email`]}
            type="email"
            value={p.email}
            onChange={(e) => onChange(p.key, { email: e.target.value })}
          />
          {parties.length > 1 ? (
            <Button
              variant="ghost"
              size="sm"
              className="col-span-2 justify-self-start"
              onClick={() => onRemove(p.key)}
            >
              <Trash2 aria-hidden="true" />
              Remove party {i + 1}
            </Button>
          ) : null}
        </div>
      ))}
      <Button variant="outline" size="sm" className="self-start" onClick={onAdd}>
        <Plus aria-hidden="true" />
        Add party
      </Button>
    </fieldset>
  );
}
