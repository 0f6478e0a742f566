import { type FieldErrors, fieldErrorsFrom } from '@music-review/core/api-errors';
import { LEDGER_ENTRY_LABELS, MANUAL_ENTRY_KINDS, STATEMENT_TEXTS } from '@music-review/core/royalties';
import { entryBody } from '@music-review/core/royalties-schemas';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/api-client';
import type { DealDto, EntryBody } from '../accounting-types';
import { useAddLedgerEntry } from '../api/add-ledger-entry';
import { todayText } from './accounting-format';
import { ReceiptField } from './receipt-field';

type EntryKind = (typeof MANUAL_ENTRY_KINDS)[number];

interface EntryDraft {
  kind: EntryKind;
  /** '' = all payees, split by their shares. */
  payee_id: string;
  amount: string;
  currency: string;
  entry_date: string;
  recoupable: boolean;
  reason: string;
  /** The chosen receipt's key, '' for none (a cost's only). */
  receipt_key: string;
}

export const ADJUSTMENT_NEEDS_REASON = 'Say why: an adjustment needs a reason.';
export const RECEIPT_STILL_UPLOADING = 'Wait for the receipt to finish uploading, or dismiss it.';
const FIELDS = [
  'kind',
  'payee_id',
  'amount',
  'currency',
  'entry_date',
  'recoupable',
  'reason',
  'receipt_key',
];

/** The currency an entry for this payee (or for all of them) is in: the payee's own. */
const currencyFor = (deal: DealDto, payeeId: string) =>
  (deal.payees.find((payee) => payee.payee_id === payeeId) ?? deal.payees[0])?.currency ?? '';

const bodyOf = (draft: EntryDraft): EntryBody => ({
  kind: draft.kind,
  payee_id: draft.payee_id || null,
  amount: draft.amount.trim(),
  currency: draft.currency.trim().toUpperCase(),
  entry_date: draft.entry_date,
  // Only a cost may be borne by the label; every other entry counts against the balance.
  recoupable: draft.kind === 'cost' ? draft.recoupable : true,
  reason: draft.reason.trim() || null,
  // The form offers a receipt for a cost; one chosen before the kind changed is not sent.
  receipt_key: draft.kind === 'cost' && draft.receipt_key ? draft.receipt_key : null,
});

/** The entry checked with the API's schema, and an adjustment's reason, before it is sent. */
function checkEntry(draft: EntryDraft): { body: EntryBody; errors: FieldErrors } {
  const body = bodyOf(draft);
  const checked = entryBody.safeParse(body);
  const errors = checked.success ? {} : fieldErrorsFrom(checked.error.issues);
  if (draft.kind === 'adjustment' && !body.reason && !errors.reason) errors.reason = ADJUSTMENT_NEEDS_REASON;
  return { body, errors };
}

/**
 * "Add entry" to a contract's ledger: an opening balance, an advance, a recoupable cost or an
 * adjustment, for one payee or all of them by share, in the payee's currency (filled in from the
 * payee), dated, with a reason (required for an adjustment) and, for a cost, an optional receipt
 * from the project folder of the contract's song. Problems show beside their fields,
 * what was typed stays.
 */
export function AddEntryForm({
  deal,
  onAdded,
  onCancel,
}: {
  deal: DealDto;
  onAdded: () => void;
  onCancel: () => void;
}) {
  const add = useAddLedgerEntry(deal.id);
  const [draft, setDraft] = useState<EntryDraft>(() => ({
    kind: 'advance',
    payee_id: deal.payees.length === 1 ? deal.payees[0]!.payee_id : '',
    amount: '',
    currency: currencyFor(deal, ''),
    entry_date: todayText(),
    recoupable: true,
    reason: '',
    receipt_key: '',
  }));
  const [isCurrencyTyped, setIsCurrencyTyped] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [isUploadingReceipt, setIsUploadingReceipt] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (patch: Partial<EntryDraft>) => setDraft((current) => ({ ...current, ...patch }));

  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const { body, errors: problems } = checkEntry(draft);
    if (draft.kind === 'cost' && isUploadingReceipt) problems.receipt_key = RECEIPT_STILL_UPLOADING;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    add.mutate(body, {
      onSuccess: onAdded,
      onError: (caught) => {
        const fields = serverFieldErrors(caught);
        setErrors(fields);
        const paths = Object.keys(fields);
        const isAllBesideFields = paths.length > 0 && paths.every((path) => FIELDS.includes(path));
        setError(
          isAllBesideFields ? null : caught.message || 'The entry could not be added. Please try again.',
        );
      },
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Add an entry"
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-border p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Kind"
          value={draft.kind}
          error={errors.kind ?? null}
          onChange={(event) => set({ kind: event.target.value as EntryKind })}
        >
          {MANUAL_ENTRY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LEDGER_ENTRY_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payee"
          value={draft.payee_id}
          error={errors.payee_id ?? null}
          onChange={(event) => {
            const payeeId = event.target.value;
            set(
              isCurrencyTyped
                ? { payee_id: payeeId }
                : { payee_id: payeeId, currency: currencyFor(deal, payeeId) },
            );
          }}
        >
          <option value="">All payees by share</option>
          {deal.payees.map((payee) => (
            <option key={payee.payee_id} value={payee.payee_id}>
              {payee.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Amount"
          value={draft.amount}
          inputMode="decimal"
          placeholder="2500.00"
          hint={draft.kind === 'adjustment' ? 'A minus sign takes it off the balance.' : undefined}
          error={errors.amount ?? null}
          onChange={(event) => set({ amount: event.target.value })}
        />
        <TextField
          label="Currency"
          value={draft.currency}
          maxLength={3}
          autoCapitalize="characters"
          hint="The payee’s currency: the ledger never converts."
          error={errors.currency ?? null}
          onChange={(event) => {
            setIsCurrencyTyped(true);
            set({ currency: event.target.value });
          }}
        />
        <TextField
          label="Date"
          type="date"
          value={draft.entry_date}
          error={errors.entry_date ?? null}
          onChange={(event) => set({ entry_date: event.target.value })}
        />
      </div>
      {draft.kind === 'cost' ? (
        <label className="flex items-start gap-2 text-sm text-foreground">
          <input
            type="checkbox"
            checked={draft.recoupable}
            onChange={(event) => set({ recoupable: event.target.checked })}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          Recoupable: earnings pay it back before anything is owed
        </label>
      ) : null}
      {draft.kind === 'cost' ? (
        <ReceiptField
          dealId={deal.id}
          value={draft.receipt_key}
          error={errors.receipt_key ?? null}
          onChange={(key) => set({ receipt_key: key })}
          onUploadingChange={setIsUploadingReceipt}
        />
      ) : null}
      <TextAreaField
        label="Reason"
        rows={2}
        value={draft.reason}
        hint={draft.kind === 'adjustment' ? 'Required for an adjustment.' : 'Optional.'}
        maxLength={500}
        error={errors.reason ?? null}
        onChange={(event) => set({ reason: event.target.value })}
      />
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={add.isPending}>
          {STATEMENT_TEXTS.addEntry}
        </Button>
      </div>
    </form>
  );
}
