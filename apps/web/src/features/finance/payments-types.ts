/** The Payments tab's answers and bodies as the web uses them, inferred from the contracts (never retyped). */
import type {
  exportBankCsv,
  listPayments,
  listPaymentsDue,
  recordPayments,
} from '@music-review/core/contracts/royalties';
import type { BodyOf, ResponseOf } from '@music-review/core/endpoint';

export type PaymentsDueDto = ResponseOf<typeof listPaymentsDue>;
export type PaymentDueDto = PaymentsDueDto['rows'][number];
/** A count of minor units in one currency (the API sends bigints as strings). */
export type MinorAmountDto = PaymentsDueDto['totals'][number];
export type PaymentsBody = BodyOf<typeof recordPayments>;
export type PaymentItemBody = PaymentsBody['items'][number];
export type BankCsvBody = BodyOf<typeof exportBankCsv>;

export type PaymentListDto = ResponseOf<typeof listPayments>;
export type PaymentDto = PaymentListDto['rows'][number];
