/**
 * The Contracts and Statements tabs' answers and bodies as the web uses them, inferred from the
 * contracts (never retyped).
 */
import type { listPayees } from '@music-review/core/contracts/parties';
import type {
  addLedgerEntry,
  getFinanceSettings,
  getPeriod,
  getStatement,
  listDeals,
  listLedger,
  listPeriods,
  listReceiptFiles,
  runPeriod,
  savePeriodRates,
  updateDeal,
} from '@music-review/core/contracts/royalties';
import type { BodyOf, ResponseOf } from '@music-review/core/endpoint';

export type DealListDto = ResponseOf<typeof listDeals>;
export type DealDto = DealListDto['rows'][number];
export type WithoutTermsDto = DealListDto['without_terms'][number];
export type DealPayeeDto = DealDto['payees'][number];
export type PayeeBalanceDto = DealDto['balances'][number];
export type DealBody = BodyOf<typeof updateDeal>;

export type LedgerDto = ResponseOf<typeof listLedger>;
export type LedgerEntryDto = LedgerDto['entries'][number];
export type EntryBody = BodyOf<typeof addLedgerEntry>;
export type LedgerReceiptDto = NonNullable<LedgerEntryDto['receipt']>;
export type ReceiptFilesDto = ResponseOf<typeof listReceiptFiles>;
export type ReceiptFileDto = ReceiptFilesDto['files'][number];

export type PayeeOptionDto = ResponseOf<typeof listPayees>['rows'][number];

export type FinanceSettingsDto = ResponseOf<typeof getFinanceSettings>;
export type PeriodListDto = ResponseOf<typeof listPeriods>;
export type PeriodDto = PeriodListDto['rows'][number];
export type PeriodDetailDto = ResponseOf<typeof getPeriod>;
export type StatementSummaryDto = PeriodDetailDto['statement_rows'][number];
export type StatementChangeDto = NonNullable<StatementSummaryDto['changes']>[number];
export type RatesBody = BodyOf<typeof savePeriodRates>;
export type RunBody = BodyOf<typeof runPeriod>;

export type StatementDto = ResponseOf<typeof getStatement>;
export type StatementDealDto = StatementDto['deals'][number];
export type StatementLineDto = StatementDto['lines'][number];
