import type { FieldErrors } from '@music-review/core/api-errors';
import { DEAL_KIND_LABELS, DEAL_KINDS, RATE_BASES } from '@music-review/core/royalties';
import { SALE_TYPES, type SaleType } from '@music-review/core/royalty-sources';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { isApiError, serverFieldErrors } from '../../../lib/api-client';
import type { DealDto } from '../accounting-types';
import { usePayeeChoices } from '../api/list-payees';
import { useUpdateDeal } from '../api/update-deal';
import { BASIS_LABELS, percentText, SALE_TYPE_LABELS } from './accounting-format';
import {
  checkDeal,
  type DealDraft,
  draftFromDeal,
  isPlacedField,
  newRateKey,
  type RateBasis,
  sharesTotal,
} from './deal-form';

/** Whether a failed save is a stale version's (someone saved the terms meanwhile). */
export const isConflict = (error: unknown) => isApiError(error) && error.status === 409;

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-foreground">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      {label}
    </label>
  );
}

/** The special rates: each a sale type and/or territory with its own rate, added and removed freely. */
function RatesEditor({
  draft,
  errors,
  onChange,
}: {
  draft: DealDraft;
  errors: FieldErrors;
  onChange: (rates: DealDraft['rates']) => void;
}) {
  const set = (index: number, patch: Partial<DealDraft['rates'][number]>) =>
    onChange(draft.rates.map((rate, i) => (i === index ? { ...rate, ...patch } : rate)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-foreground">Special rates</legend>
      <p className="text-xs text-muted-foreground">
        A different rate for a sale type or a territory (a two-letter country code); the most specific one
        applies, else the default rate.
      </p>
      {draft.rates.map((rate, index) => (
        <fieldset
          key={rate.key}
          className="grid grid-cols-2 items-start gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_6rem_6rem_auto]"
        >
          <legend className="sr-only">Special rate {index + 1}</legend>
          <SelectField
            label="Sale type"
            value={rate.sale_type}
            error={errors[`rates.${index}.sale_type`] ?? null}
            onChange={(event) => set(index, { sale_type: event.target.value as SaleType | '' })}
          >
            <option value="">Any sale type</option>
            {SALE_TYPES.map((type) => (
              <option key={type} value={type}>
                {SALE_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Territory"
            value={rate.territory}
            placeholder="Any"
            maxLength={2}
            autoCapitalize="characters"
            error={errors[`rates.${index}.territory`] ?? null}
            onChange={(event) => set(index, { territory: event.target.value })}
          />
          <TextField
            label="Rate (%)"
            value={rate.rate}
            inputMode="decimal"
            error={errors[`rates.${index}.rate`] ?? null}
            onChange={(event) => set(index, { rate: event.target.value })}
          />
          <Button
            variant="ghost"
            size="icon-sm"
            className="mt-7"
            aria-label={`Remove special rate ${index + 1}`}
            onClick={() => onChange(draft.rates.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      {errors.rates ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.rates}
        </p>
      ) : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            onChange([...draft.rates, { key: newRateKey(), sale_type: '', territory: '', rate: '' }])
          }
        >
          <Plus aria-hidden="true" />
          Add a special rate
        </Button>
      </div>
    </fieldset>
  );
}

/** The payees and their shares (which must add up to 100 %), one more added from the label's payees. */
function PayeesEditor({
  draft,
  errors,
  onChange,
}: {
  draft: DealDraft;
  errors: FieldErrors;
  onChange: (payees: DealDraft['payees']) => void;
}) {
  const choices = usePayeeChoices();
  const [adding, setAdding] = useState('');
  const chosen = new Set(draft.payees.map((payee) => payee.payee_id));
  const available = (choices.data?.rows ?? []).filter((payee) => !chosen.has(payee.id));
  const total = sharesTotal(draft.payees);
  const add = () => {
    const payee = available.find((row) => row.id === adding);
    if (!payee) return;
    onChange([
      ...draft.payees,
      { payee_id: payee.id, name: payee.name, currency: payee.currency, share: '' },
    ]);
    setAdding('');
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-foreground">Payees</legend>
      {draft.payees.map((payee, index) => (
        <fieldset
          key={payee.payee_id}
          className="grid grid-cols-[1fr_7rem_auto] items-end gap-2 rounded-lg border border-border p-3"
        >
          {/* The payee names the row: its share field reads "Share (%)" inside it. */}
          <legend className="sr-only">
            {payee.name}, paid in {payee.currency}
          </legend>
          <span aria-hidden="true" className="flex min-w-0 flex-col self-center text-sm">
            <span className="font-medium [overflow-wrap:anywhere]">{payee.name}</span>
            <span className="text-xs text-muted-foreground">Paid in {payee.currency}</span>
          </span>
          <TextField
            label="Share (%)"
            value={payee.share}
            inputMode="decimal"
            error={errors[`payees.${index}.share`] ?? errors[`payees.${index}.payee_id`] ?? null}
            onChange={(event) =>
              onChange(draft.payees.map((p, i) => (i === index ? { ...p, share: event.target.value } : p)))
            }
          />
          <Button
            variant="ghost"
            size="icon-sm"
            className="mb-1"
            aria-label={`Remove ${payee.name}`}
            onClick={() => onChange(draft.payees.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      <p className="text-sm text-muted-foreground">
        Total:{' '}
        <span className="tabular-nums text-foreground">{total === null ? '—' : percentText(total)}</span> of
        100 %
      </p>
      {errors.payees ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.payees}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SelectField
          label="Add a payee"
          className="min-w-0 sm:flex-1"
          value={adding}
          disabled={choices.isPending}
          hint={choices.isError ? choices.error.message || 'The payees could not be loaded.' : undefined}
          onChange={(event) => setAdding(event.target.value)}
        >
          <option value="">{choices.isPending ? 'Loading payees…' : 'Choose a payee'}</option>
          {available.map((payee) => (
            <option key={payee.id} value={payee.id}>
              {payee.name} ({payee.currency})
            </option>
          ))}
        </SelectField>
        <Button variant="outline" onClick={add} disabled={!adding}>
          <Plus aria-hidden="true" />
          Add payee
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * A contract's royalty terms: kind, basis, default and special rates, profit share, reserve,
 * cross-collateralisation and payees. Checked with the API's own schema and the 100 % rule before
 * anything is sent; a refusal puts each problem beside its field and keeps what was typed. A stale
 * version (409) goes to `onConflict`, which reloads the terms (this form then starts again from them).
 */
export function DealTermsForm({
  deal,
  onSaved,
  onConflict,
}: {
  deal: DealDto;
  onSaved: () => void;
  onConflict: () => void;
}) {
  const update = useUpdateDeal(deal.id);
  const [draft, setDraft] = useState<DealDraft>(() => draftFromDeal(deal));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (patch: Partial<DealDraft>) => setDraft((current) => ({ ...current, ...patch }));

  // New problems: the first field named takes the focus, so it is seen and heard.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = checkDeal(draft, deal.row_version);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(checked.body, {
      onSuccess: onSaved,
      onError: (caught) => {
        if (isConflict(caught)) {
          onConflict();
          return;
        }
        const fields = serverFieldErrors(caught);
        setErrors(fields);
        const paths = Object.keys(fields);
        const isAllBesideFields = paths.length > 0 && paths.every(isPlacedField);
        setError(
          isAllBesideFields ? null : caught.message || 'The terms could not be saved. Please try again.',
        );
      },
    });
  };

  return (
    <form ref={formRef} noValidate aria-label="Terms" onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Kind"
          value={draft.kind}
          error={errors.kind ?? null}
          onChange={(event) => set({ kind: event.target.value as DealDraft['kind'] })}
        >
          {DEAL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DEAL_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Basis"
          value={draft.basis}
          error={errors.basis ?? null}
          onChange={(event) => set({ basis: event.target.value as RateBasis })}
        >
          {RATE_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {BASIS_LABELS[basis]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Default rate (%)"
          value={draft.default_rate}
          inputMode="decimal"
          error={errors.default_rate ?? null}
          onChange={(event) => set({ default_rate: event.target.value })}
        />
        {draft.kind === 'profit_share' ? (
          <TextField
            label="Profit share (%)"
            value={draft.profit_share}
            inputMode="decimal"
            hint="The payees’ part of the profit: receipts less recoupable costs."
            error={errors.profit_share ?? null}
            onChange={(event) => set({ profit_share: event.target.value })}
          />
        ) : null}
        <TextField
          label="Reserve (%)"
          value={draft.reserve_rate}
          inputMode="decimal"
          hint="Held back from physical sales against returns, released later."
          error={errors.reserve_rate ?? null}
          onChange={(event) => set({ reserve_rate: event.target.value })}
        />
      </div>
      <Checkbox
        label="Cross-collateralise: this contract’s balance offsets the payees’ other cross-collateralised contracts"
        checked={draft.cross_collateralize}
        onChange={(cross_collateralize) => set({ cross_collateralize })}
      />
      <RatesEditor draft={draft} errors={errors} onChange={(rates) => set({ rates })} />
      <PayeesEditor draft={draft} errors={errors} onChange={(payees) => set({ payees })} />
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending}>
          Save terms
        </Button>
      </div>
    </form>
  );
}
