import type { FieldErrors } from '@music-review/core/api-errors';
import { CONTRACT_KIND_LABELS } from '@music-review/core/contracts';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { useContractTemplates } from '../api/list-contract-templates';
import type { ContractFormValues, SetContractField } from './use-contract-form';

/** "Master license (standard)", not "… (standard) (Master license)": the kind only when the name lacks it. */
function templateOptionLabel(t: { name: string; kind: keyof typeof CONTRACT_KIND_LABELS; builtin: boolean }) {
  const kind = CONTRACT_KIND_LABELS[t.kind];
  const withKind = t.name.toLowerCase().includes(kind.toLowerCase()) ? t.name : `${t.name} (${kind})`;
  return t.builtin ? withKind : `${withKind} · yours`;
}

/** The generator's template, title and the contract's terms (all but the parties and writers). */
export function ContractTermsFields({
  form,
  errors,
  set,
}: {
  form: ContractFormValues;
  errors: FieldErrors;
  set: SetContractField;
}) {
  const templates = useContractTemplates();
  return (
    <>
      <SelectField
        label="Template"
        value={form.templateId}
        onChange={(e) => set('templateId', e.target.value)}
      >
        {(templates.data ?? []).map((t) => (
          <option key={t.id} value={t.id}>
            {templateOptionLabel(t)}
          </option>
        ))}
        {templates.data ? null : <option value={form.templateId}>Loading templates…</option>}
      </SelectField>
      <TextField
        label="Title"
        error={errors.title}
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
        maxLength={200}
      />
      <TextField
        label="Artist"
        error={errors.artist_name}
        value={form.artist}
        onChange={(e) => set('artist', e.target.value)}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Term"
          error={errors.term}
          value={form.term}
          onChange={(e) => set('term', e.target.value)}
          placeholder="3 years"
        />
        <TextField
          label="Territory"
          error={errors.territory}
          value={form.territory}
          onChange={(e) => set('territory', e.target.value)}
          placeholder="Worldwide"
        />
        <TextField
          label="Royalty rate (%)"
          error={errors.royalty_rate}
          inputMode="decimal"
          value={form.royalty}
          onChange={(e) => set('royalty', e.target.value)}
        />
        <TextField
          label="Effective date"
          error={errors.effective_date}
          type="date"
          value={form.effectiveDate}
          onChange={(e) => set('effectiveDate', e.target.value)}
        />
        <TextField
          label="Advance"
          error={errors.advance_cents}
          inputMode="decimal"
          value={form.advance}
          onChange={(e) => set('advance', e.target.value)}
        />
        <TextField
          label="Currency"
          error={errors.currency}
          value={form.currency}
          maxLength={3}
          onChange={(e) => set('currency', e.target.value.toUpperCase())}
        />
      </div>
    </>
  );
}
