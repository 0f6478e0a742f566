import { type FieldErrors, fieldErrorsFrom } from '@music-review/core/api-errors';
import { currencyExponent, isCurrency, toScaled } from '@music-review/core/money';
import { PAYMENT_MESSAGES, PAYMENT_TEXTS } from '@music-review/core/royalties';
import { paymentsBody } from '@music-review/core/royalties-schemas';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/api-client';
import { useRecordPayments } from '../api/record-payments';
import type { PaymentDueDto, PaymentsBody } from '../payments-types';
import { formatMinorText, minorOf, todayText } from './accounting-format';
import { amountInputOf } from './payments-format';

export const NOT_MORE_THAN_ZERO = 'Enter an amount more than 0, or leave this payee out of the run.';

/** A row's problem by field: 'items.2.amount' -> the amount of the third payee. */
const ITEM_FIELD = /^items\.(\d+)\.(amount|paid_on|reference|currency|payee_id)$/;

interface Problems {
  /** By payee id. */
  amounts: Record<string, string>;
  paidOn: string | null;
  reference: string | null;
  /** What names no field of the form (an unknown payee, a currency the API refused). */
  other: string | null;
}

const NO_PROBLEMS: Problems = { amounts: {}, paidOn: null, reference: null, other: null };

/**
 * The problems by field (the schema's or the server's, keyed `items.<n>.<field>` in the body's
 * order) put where the form shows them: each amount on its payee's row, the date and the reference
 * (one for the whole run) on theirs.
 */
function placeProblems(fields: FieldErrors, rows: readonly PaymentDueDto[]): Problems {
  const problems: Problems = { amounts: {}, paidOn: null, reference: null, other: null };
  for (const [path, message] of Object.entries(fields)) {
    const match = ITEM_FIELD.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    if (match && row && match[2] === 'amount') problems.amounts[row.payee_id] ??= message;
    else if (match?.[2] === 'paid_on') problems.paidOn ??= message;
    else if (match?.[2] === 'reference') problems.reference ??= message;
    else problems.other ??= row ? `${row.name}: ${message}` : message;
  }
  return problems;
}

const hasProblems = (problems: Problems) =>
  Object.keys(problems.amounts).length > 0 ||
  problems.paidOn !== null ||
  problems.reference !== null ||
  problems.other !== null;

/** What the API would refuse anyway, said before sending: nothing paid, more paid than owed. */
function checkAmounts(rows: readonly PaymentDueDto[], body: PaymentsBody, fields: FieldErrors) {
  body.items.forEach((item, index) => {
    const row = rows[index]!;
    const key = `items.${index}.amount`;
    if (fields[key] || !isCurrency(row.currency)) return;
    const exponent = currencyExponent(row.currency);
    // More decimals than the currency has: the API names that itself.
    if ((item.amount.split('.')[1]?.length ?? 0) > exponent) return;
    const paid = toScaled(item.amount, exponent);
    const owed = minorOf(row.payable_minor) ?? 0n;
    if (paid <= 0n) fields[key] = NOT_MORE_THAN_ZERO;
    else if (paid > owed) fields[key] = PAYMENT_MESSAGES.moreThanOwed(formatMinorText(owed, row.currency));
  });
}

/**
 * "Record payments": the payees chosen for the run, each with the amount paid (what is owed unless
 * changed, as exact decimal text), one payment date (today) and one reference for the run. Problems
 * show on their row's field; what was typed stays.
 */
export function RecordPaymentsDialog({
  rows,
  defaultReference,
  onClose,
  onRecorded,
}: {
  /** The payees chosen when the dialog opened. */
  rows: readonly PaymentDueDto[];
  defaultReference: string;
  onClose: () => void;
  onRecorded: (payments: number) => void;
}) {
  const record = useRecordPayments();
  const [amounts, setAmounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(rows.map((row) => [row.payee_id, amountInputOf(row.payable_minor, row.currency)])),
  );
  const [paidOn, setPaidOn] = useState(todayText);
  const [reference, setReference] = useState(defaultReference);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!hasProblems(problems)) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: PaymentsBody = {
      items: rows.map((row) => ({
        payee_id: row.payee_id,
        amount: (amounts[row.payee_id] ?? '').trim(),
        currency: row.currency,
        paid_on: paidOn,
        reference: reference.trim(),
      })),
    };
    const checked = paymentsBody.safeParse(body);
    const fields = checked.success ? {} : fieldErrorsFrom(checked.error.issues);
    checkAmounts(rows, body, fields);
    const found = placeProblems(fields, rows);
    setProblems(found);
    if (hasProblems(found)) return;
    record.mutate(body, {
      onSuccess: ({ payments }) => onRecorded(payments),
      onError: (caught) => {
        const placed = placeProblems(serverFieldErrors(caught), rows);
        setProblems(
          hasProblems(placed)
            ? placed
            : {
                ...NO_PROBLEMS,
                other: caught.message || 'The payments could not be recorded. Please try again.',
              },
        );
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={PAYMENT_TEXTS.recordPayments}
      description="Record what you paid each payee. Each payment goes into the ledger of the contracts that owed it, and comes off what is owed."
    >
      <form
        ref={formRef}
        noValidate
        aria-label="Payments to record"
        onSubmit={submit}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Paid on"
            type="date"
            value={paidOn}
            error={problems.paidOn}
            onChange={(event) => setPaidOn(event.target.value)}
          />
          <TextField
            label="Reference"
            value={reference}
            maxLength={140}
            placeholder="Royalties 2026-Q3"
            error={problems.reference}
            onChange={(event) => setReference(event.target.value)}
          />
        </div>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-foreground">Amounts paid</legend>
          <ul className="flex max-h-[45vh] flex-col gap-3 overflow-y-auto pr-1">
            {rows.map((row) => (
              <li key={row.payee_id}>
                <TextField
                  label={`${row.name} (${row.currency})`}
                  value={amounts[row.payee_id] ?? ''}
                  inputMode="decimal"
                  hint={`Owed ${formatMinorText(row.payable_minor, row.currency)}`}
                  error={problems.amounts[row.payee_id] ?? null}
                  onChange={(event) => {
                    const value = event.target.value;
                    setAmounts((current) => ({ ...current, [row.payee_id]: value }));
                  }}
                />
              </li>
            ))}
          </ul>
        </fieldset>
        {problems.other ? <Alert>{problems.other}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={record.isPending}>
            {PAYMENT_TEXTS.recordPayments}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
