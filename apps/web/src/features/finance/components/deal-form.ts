/** The terms form's values as typed, and how they become (and are checked as) the API's body. */
import { type FieldErrors, fieldErrorsFrom } from '@music-review/core/api-errors';
import { compareDecimals, sumDecimals } from '@music-review/core/money';
import { type DealKindName, PERIOD_MESSAGES, type RATE_BASES } from '@music-review/core/royalties';
import { dealBody, percent } from '@music-review/core/royalties-schemas';
import type { SaleType } from '@music-review/core/royalty-sources';
import type { DealBody, DealDto } from '../accounting-types';

export type RateBasis = (typeof RATE_BASES)[number];

export interface RateDraft {
  /** Tells the rows apart while they are added and removed (not sent). */
  key: string;
  /** '' = any sale type. */
  sale_type: SaleType | '';
  /** '' = any territory. */
  territory: string;
  rate: string;
}

export interface PayeeDraft {
  payee_id: string;
  name: string;
  currency: string;
  share: string;
}

export interface DealDraft {
  kind: DealKindName;
  basis: RateBasis;
  default_rate: string;
  rates: RateDraft[];
  profit_share: string;
  reserve_rate: string;
  cross_collateralize: boolean;
  payees: PayeeDraft[];
}

let nextKey = 0;
export const newRateKey = () => `rate-${++nextKey}`;

export function draftFromDeal(deal: DealDto): DealDraft {
  return {
    kind: deal.kind,
    basis: deal.basis,
    default_rate: deal.default_rate,
    rates: deal.rates.map((rate) => ({
      key: newRateKey(),
      sale_type: (rate.sale_type ?? '') as SaleType | '',
      territory: rate.territory ?? '',
      rate: rate.rate,
    })),
    profit_share: deal.profit_share ?? '',
    reserve_rate: deal.reserve_rate,
    cross_collateralize: deal.cross_collateralize,
    payees: deal.payees.map((payee) => ({ ...payee })),
  };
}

/** The body as the form holds it: blanks mean "any", the profit share only on a profit-share deal. */
export function bodyFromDraft(draft: DealDraft, rowVersion: number): DealBody {
  return {
    kind: draft.kind,
    basis: draft.basis,
    default_rate: draft.default_rate.trim(),
    rates: draft.rates.map((rate) => ({
      sale_type: rate.sale_type || null,
      territory: rate.territory.trim().toUpperCase() || null,
      rate: rate.rate.trim(),
    })),
    profit_share: draft.kind === 'profit_share' ? draft.profit_share.trim() : null,
    reserve_rate: draft.reserve_rate.trim(),
    cross_collateralize: draft.cross_collateralize,
    payees: draft.payees.map((payee) => ({ payee_id: payee.payee_id, share: payee.share.trim() })),
    row_version: rowVersion,
  };
}

const isPercent = (value: string) => percent('share').safeParse(value).success;

/**
 * The payees' shares added up exactly (decimal text, never floats), or null while one of them is
 * not a percentage yet.
 */
export function sharesTotal(payees: readonly Pick<PayeeDraft, 'share'>[]): string | null {
  const shares = payees.map((payee) => payee.share.trim());
  if (shares.length === 0 || !shares.every(isPercent)) return null;
  return sumDecimals(shares);
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/**
 * The terms checked before anything is sent: the API's own schema (each problem by its field path,
 * 'rates.0.rate'), then the shares, which must add up to exactly 100.
 */
export function checkDeal(draft: DealDraft, rowVersion: number): Checked<DealBody> {
  const body = bodyFromDraft(draft, rowVersion);
  const checked = dealBody.safeParse(body);
  const errors: FieldErrors = checked.success ? {} : fieldErrorsFrom(checked.error.issues);
  const total = sharesTotal(draft.payees);
  if (!errors.payees && total !== null && compareDecimals(total, '100') !== 0)
    errors.payees = PERIOD_MESSAGES.sharesTotal;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

const PLACED = [
  /^(kind|basis|default_rate|profit_share|reserve_rate|cross_collateralize|rates|payees)$/,
  /^rates\.\d+\.(sale_type|territory|rate)$/,
  /^payees\.\d+\.(payee_id|share)$/,
];

/** Whether the form shows a problem at this path beside a field (else with the general message). */
export const isPlacedField = (path: string) => PLACED.some((pattern) => pattern.test(path));
