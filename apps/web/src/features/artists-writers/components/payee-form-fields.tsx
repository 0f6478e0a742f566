import type { FieldErrors } from '@music-review/core/api-errors';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@music-review/core/catalogue';
import { useId } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field';
import { currencyDigits } from '../lib/money';
import type { PayeeField, PayeeFormValues } from '../lib/payee-form';

export type SetPayeeField = <K extends PayeeField>(field: K, value: PayeeFormValues[K]) => void;

/** Offered first; any ISO 4217 code may be typed. */
const COMMON_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'SEK',
  'NOK',
  'DKK',
  'CHF',
  'BRL',
  'KRW',
];

export const PAYEE_FIELDS: readonly PayeeField[] = [
  'name',
  'email',
  'currency',
  'tax_id',
  'payment_method',
  'payment_details',
  'minimum_payout',
];

/**
 * A payee's fields. Payment details are write-only: `savedDetails` is the server's masked form of
 * what is on file, and the box only ever holds what is typed now.
 */
export function PayeeFormFields({
  values,
  set,
  errors,
  savedDetails,
}: {
  values: PayeeFormValues;
  set: SetPayeeField;
  errors: FieldErrors;
  savedDetails?: string | null;
}) {
  const currenciesId = useId();
  const currency = values.currency.trim().toUpperCase();
  const digits = currencyDigits(currency || 'EUR');
  const example = digits === 0 ? '5000' : `50.${'0'.repeat(digits)}`;
  const text = (field: Exclude<PayeeField, 'payment_method'>) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: errors[field],
  });

  return (
    <div className="grid gap-4">
      <TextField
        label="Name"
        required
        autoComplete="off"
        hint="The legal or tax entity paid."
        {...text('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        hint="Where statements go."
        {...text('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Currency"
          autoComplete="off"
          maxLength={3}
          list={currenciesId}
          hint="The 3-letter code, like EUR."
          {...text('currency')}
          onChange={(event) => set('currency', event.target.value.toUpperCase())}
        />
        <datalist id={currenciesId}>
          {COMMON_CURRENCIES.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
        <TextField
          label="Minimum payout"
          inputMode="decimal"
          autoComplete="off"
          hint={`In ${currency || 'the currency'}, like ${example}. Smaller balances carry over.`}
          {...text('minimum_payout')}
        />
      </div>
      <TextField
        label="Tax ID"
        autoComplete="off"
        hint="VAT number or tax identification."
        {...text('tax_id')}
      />
      <SelectField
        label="Payment method"
        value={values.payment_method}
        onChange={(event) => set('payment_method', event.target.value as PaymentMethod | '')}
        error={errors.payment_method}
      >
        <option value="">Not set</option>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {PAYMENT_METHOD_LABELS[method]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Payment details"
        rows={2}
        autoComplete="off"
        spellCheck={false}
        hint={
          savedDetails
            ? `On file: ${savedDetails}. Type new details to replace them; leave empty to keep them.`
            : 'IBAN and BIC, account number or PayPal address. Stored encrypted; afterwards only the last 4 characters are shown.'
        }
        {...text('payment_details')}
      />
    </div>
  );
}
