/** Test data for the Payments tab: the API's answers exactly as the contracts declare them. */
import { json } from '../../../test/fetch-mock';
import type { MinorAmountDto, PaymentDto, PaymentDueDto } from '../payments-types';
import { LUNA, SUNNY } from './accounting-fixtures';
import { uuid } from './finance-fixtures';

export const DUE = 'GET /api/v1/finance/payments/due';
export const RECORD = 'POST /api/v1/finance/payments';
export const HISTORY = 'GET /api/v1/finance/payments';
export const BANK_CSV = 'POST /api/v1/finance/payments/bank-csv';

export const MARCO = uuid(303);

/** Sunny: owed USD 1,250.40, above a USD 50.00 minimum, with details and an email. */
export function makeDue(overrides: Partial<PaymentDueDto> = {}): PaymentDueDto {
  return {
    payee_id: SUNNY,
    name: 'Sunny',
    currency: 'USD',
    payable_minor: '125040',
    minimum_payout_minor: '5000',
    above_minimum: true,
    missing_details: false,
    has_email: true,
    ...overrides,
  };
}

/** Sunny (paid by default), Luna (below her minimum) and Marco (no payment details, no email). */
export const DUE_ROWS = [
  makeDue(),
  makeDue({
    payee_id: MARCO,
    name: 'Marco',
    payable_minor: '40000',
    missing_details: true,
    has_email: false,
  }),
  makeDue({
    payee_id: LUNA,
    name: 'Luna',
    currency: 'EUR',
    payable_minor: '3000',
    minimum_payout_minor: '5000',
    above_minimum: false,
  }),
];

/** GET /api/v1/finance/payments/due's answer; its totals as the server gives them (above the minimum only). */
export const dueAnswer = (
  rows: PaymentDueDto[],
  totals: MinorAmountDto[] = [{ currency: 'USD', minor: '165040' }],
) => json(200, { rows, totals });

export function makePayment(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    id: uuid(500),
    payee_id: SUNNY,
    payee_name: 'Sunny',
    amount: '1250.4',
    currency: 'USD',
    paid_on: '2025-04-30',
    reference: 'Royalties 2025-Q1',
    created_by: 'Ada Lovelace',
    created_at: '2025-04-30T09:30:00.000Z',
    ...overrides,
  };
}

export const historyAnswer = (rows: PaymentDto[], total = rows.length) => json(200, { rows, total });
