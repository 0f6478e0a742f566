/**
 * Bodies of the finance API checked at the boundary (contracts/royalties.ts) and in the web's forms.
 */
import { z } from 'zod';
import { isCurrency } from './money.ts';
import { DEAL_KINDS, MANUAL_ENTRY_KINDS, PERIOD_CADENCES, RATE_BASES } from './royalties.ts';
import { columnMappingSchema, SALE_TYPES } from './royalty-sources.ts';

/** core royalty-sources ColumnMapping, checked at the boundary. */
export const columnMapping = columnMappingSchema;

/** A percentage as an exact decimal string, 0 to 100, up to 4 decimals ("50", "12.5"). */
export const percent = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, { message: `${field}: a percentage like 50 or 12.5` })
    .refine((v) => Number(v) <= 100, { message: `${field}: at most 100` });

/** An amount as an exact decimal string ("2500", "-12.50"). */
export const amountText = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,6})?$/, { message: `${field}: an amount like 2500 or 12.50` });

export const currencyCode = (field: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrency, { message: `${field}: a currency code like EUR or USD` });

const month = (field: string) =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: `${field}: a month like 2026-07` });

export const dealBody = z.object({
  kind: z.enum(DEAL_KINDS, { message: 'kind: royalty or profit_share' }),
  basis: z.enum(RATE_BASES, { message: 'basis: net or gross' }),
  default_rate: percent('default_rate'),
  rates: z
    .array(
      z.object({
        sale_type: z.enum(SALE_TYPES, { message: 'sale_type: not a sale type' }).nullable(),
        territory: z
          .string()
          .regex(/^[A-Z]{2}$/, { message: 'territory: a two-letter country code' })
          .nullable(),
        rate: percent('rate'),
      }),
    )
    .max(50, { message: 'rates: at most 50' }),
  profit_share: percent('profit_share').nullable(),
  reserve_rate: percent('reserve_rate'),
  cross_collateralize: z.boolean(),
  payees: z
    .array(
      z.object({ payee_id: z.uuid({ message: 'payee_id: must be a payee id' }), share: percent('share') }),
    )
    .min(1, { message: 'payees: at least one payee' })
    .max(20, { message: 'payees: at most 20' }),
  row_version: z.number().int().min(1),
});

export const entryBody = z.object({
  kind: z.enum(MANUAL_ENTRY_KINDS, { message: 'kind: opening, advance, cost or adjustment' }),
  payee_id: z.uuid({ message: 'payee_id: must be a payee id' }).nullable(),
  amount: amountText('amount'),
  currency: currencyCode('currency'),
  entry_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'entry_date: a date like 2026-07-01' }),
  recoupable: z.boolean().default(true),
  reason: z.string().trim().max(500, { message: 'reason: at most 500 characters' }).nullable().default(null),
  receipt_key: z.string().max(500).nullable().default(null),
});

/**
 * Finance settings: the period length and the currency analytics shows income in (issue 17). Each is
 * optional, so a form saves the one it changes; at least one is needed.
 */
export const settingsBody = z
  .object({
    period_cadence: z
      .enum(PERIOD_CADENCES, { message: 'period_cadence: monthly, quarterly or half_yearly' })
      .optional(),
    reporting_currency: currencyCode('reporting_currency').optional(),
  })
  .refine((body) => body.period_cadence !== undefined || body.reporting_currency !== undefined, {
    message: 'Choose a period length or a reporting currency.',
  });

export const periodBody = z.object({ month: month('month') });

export const ratesBody = z.object({
  rates: z
    .array(
      z.object({
        from: currencyCode('from'),
        to: currencyCode('to'),
        rate: z
          .string()
          .trim()
          .regex(/^\d{1,9}(\.\d{1,10})?$/, { message: 'rate: a positive number like 1.0825' })
          .refine((v) => Number(v) > 0, { message: 'rate: more than 0' }),
      }),
    )
    .max(200),
});

export const runBody = z.object({
  import_ids: z
    .array(z.uuid({ message: 'import_ids: import ids' }))
    .max(500)
    .optional(),
});

export const paymentsBody = z.object({
  items: z
    .array(
      z.object({
        payee_id: z.uuid({ message: 'payee_id: must be a payee id' }),
        amount: amountText('amount').refine((v) => !v.startsWith('-'), { message: 'amount: more than 0' }),
        currency: currencyCode('currency'),
        paid_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'paid_on: a date like 2026-11-26' }),
        reference: z
          .string()
          .trim()
          .min(1, { message: 'reference: the bank reference or a note' })
          .max(140, { message: 'reference: at most 140 characters' }),
      }),
    )
    .min(1, { message: 'items: at least one payment' })
    .max(1000, { message: 'items: at most 1000 at once' }),
});

export const bankCsvBody = z.object({
  payee_ids: z
    .array(z.uuid({ message: 'payee_ids: payee ids' }))
    .min(1)
    .max(1000),
  reference: z.string().trim().min(1).max(140),
});
