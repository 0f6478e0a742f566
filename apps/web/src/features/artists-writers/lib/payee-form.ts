import { type FieldErrors, fieldErrorsFrom } from '@music-review/core/api-errors';
import type { PaymentMethod } from '@music-review/core/catalogue';
import { createPayeeBody, updatePayeeBody } from '@music-review/core/catalogue-schemas';
import type { createPayee, PayeeDto, updatePayee } from '@music-review/core/contracts/parties';
import type { BodyOf } from '@music-review/core/endpoint';
import { currencyDigits, majorToMinor, minorToMajor } from './money';
import type { Checked } from './party-form';

/** A payee as the form holds it. `payment_details` is only ever what the member types now. */
export interface PayeeFormValues {
  name: string;
  email: string;
  currency: string;
  tax_id: string;
  payment_method: PaymentMethod | '';
  payment_details: string;
  /** In the currency's major units, as typed ("50", "49.99"). */
  minimum_payout: string;
}
export type PayeeField = keyof PayeeFormValues;

export const DEFAULT_CURRENCY = 'EUR';

export function emptyPayeeForm(): PayeeFormValues {
  return {
    name: '',
    email: '',
    currency: DEFAULT_CURRENCY,
    tax_id: '',
    payment_method: '',
    payment_details: '',
    minimum_payout: '',
  };
}

/** The saved payee as a form; the payment details field starts empty (they are never sent back). */
export function payeeFormFrom(payee: PayeeDto): PayeeFormValues {
  return {
    name: payee.name,
    email: payee.email ?? '',
    currency: payee.currency,
    tax_id: payee.tax_id ?? '',
    payment_method: payee.payment_method ?? '',
    payment_details: '',
    minimum_payout:
      payee.minimum_payout_minor === 0
        ? ''
        : minorToMajor(payee.minimum_payout_minor, currencyDigits(payee.currency)),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The form's field for an API path. */
export function payeeFieldOf(path: string): string {
  return path === 'minimum_payout_minor' ? 'minimum_payout' : path;
}

function bodyOf(values: PayeeFormValues, fields: readonly PayeeField[], minor: number) {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'minimum_payout') body.minimum_payout_minor = minor;
    else if (field === 'currency') body.currency = values.currency.trim().toUpperCase();
    else if (field === 'name') body.name = values.name.trim();
    else if (field === 'payment_method') body.payment_method = values.payment_method || null;
    else body[field] = orNull(values[field]);
  }
  return body;
}

function check<T>(
  body: Record<string, unknown>,
  schema: typeof createPayeeBody | typeof updatePayeeBody,
  payoutError: string | null,
): Checked<T> {
  const checked = schema.safeParse(body);
  const errors: FieldErrors = checked.success ? {} : fieldErrorsFrom(checked.error.issues);
  const byField: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) byField[payeeFieldOf(path)] ??= message;
  if (payoutError) byField.minimum_payout ??= payoutError;
  // The body passed the API's own schema: it is what the endpoint takes.
  return Object.keys(byField).length === 0 ? { ok: true, body: body as T } : { ok: false, errors: byField };
}

/** The minimum payout in minor units of the currency typed (an unknown currency counts 2 decimals). */
function payoutOf(values: PayeeFormValues) {
  const result = majorToMinor(
    values.minimum_payout,
    currencyDigits(values.currency.trim().toUpperCase() || 'EUR'),
  );
  return result.ok ? { minor: result.minor, error: null } : { minor: 0, error: result.message };
}

const ALL_FIELDS = Object.keys(emptyPayeeForm()) as PayeeField[];

/** "Add payee": every field; payment details only when typed. */
export function checkNewPayee(values: PayeeFormValues): Checked<BodyOf<typeof createPayee>> {
  const payout = payoutOf(values);
  const fields = ALL_FIELDS.filter(
    (field) => field !== 'payment_details' || values.payment_details.trim() !== '',
  );
  return check(bodyOf(values, fields, payout.minor), createPayeeBody, payout.error);
}

/**
 * An edit: the fields changed since `base`, with the version read. New payment details replace the
 * saved ones; an empty box keeps them.
 */
export function checkPayeeEdit(
  values: PayeeFormValues,
  base: PayeeFormValues,
  rowVersion: number,
): Checked<BodyOf<typeof updatePayee>> {
  const payout = payoutOf(values);
  const fields = ALL_FIELDS.filter((field) =>
    field === 'currency'
      ? values.currency.trim().toUpperCase() !== base.currency
      : values[field].trim() !== base[field].trim(),
  );
  // A new currency changes what the minimum's digits mean: send it again in the new minor units.
  if (fields.includes('currency') && !fields.includes('minimum_payout')) fields.push('minimum_payout');
  const body = bodyOf(values, fields, payout.minor);
  body.row_version = rowVersion;
  return check(body, updatePayeeBody, fields.includes('minimum_payout') ? payout.error : null);
}
