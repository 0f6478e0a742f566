/** Test data for the Contracts and Statements tabs: the API's answers exactly as the contracts declare them. */
import type { PayeeRowDto } from '@music-review/core/contracts/parties';
import { json } from '../../../test/fetch-mock';
import type {
  DealDto,
  LedgerEntryDto,
  PayeeBalanceDto,
  PeriodDetailDto,
  PeriodDto,
  StatementDto,
  StatementSummaryDto,
  WithoutTermsDto,
} from '../accounting-types';
import { makeImport, uuid } from './finance-fixtures';

export const DEALS = 'GET /api/v1/finance/deals';
export const CREATE_DEAL = 'POST /api/v1/finance/deals';
export const PAYEES = 'GET /api/v1/payees';
export const SETTINGS = 'GET /api/v1/finance/settings';
export const SAVE_SETTINGS = 'PUT /api/v1/finance/settings';
export const PERIODS = 'GET /api/v1/finance/periods';
export const CREATE_PERIOD = 'POST /api/v1/finance/periods';

export const DEAL_ID = uuid(100);
export const PERIOD_ID = uuid(200);
export const SUNNY = uuid(301);
export const LUNA = uuid(302);
export const dealRoute = (method: 'PUT' | 'GET' | 'POST', suffix = '') =>
  `${method} /api/v1/finance/deals/${DEAL_ID}${suffix}`;
export const periodRoute = (method: 'PUT' | 'GET' | 'POST', suffix = '') =>
  `${method} /api/v1/finance/periods/${PERIOD_ID}${suffix}`;

const AT = '2025-04-02T09:30:00.000Z';

export function makeBalance(overrides: Partial<PayeeBalanceDto> = {}): PayeeBalanceDto {
  return {
    payee_id: SUNNY,
    name: 'Sunny',
    currency: 'USD',
    balance_minor: '-125000',
    advances_minor: '200000',
    costs_minor: '0',
    earnings_minor: '75000',
    recouped_minor: '75000',
    forecast_periods: 3,
    ...overrides,
  };
}

export function makeDeal(overrides: Partial<DealDto> = {}): DealDto {
  return {
    id: DEAL_ID,
    contract_id: uuid(110),
    contract_title: 'Golden Hour recording agreement',
    artist_name: 'Sunny',
    song_title: 'Golden Hour',
    kind: 'royalty',
    basis: 'net',
    default_rate: '50',
    rates: [],
    profit_share: null,
    reserve_rate: '0',
    cross_collateralize: false,
    payees: [
      { payee_id: SUNNY, name: 'Sunny', currency: 'USD', share: '60' },
      { payee_id: LUNA, name: 'Luna', currency: 'USD', share: '40' },
    ],
    recordings: [{ id: uuid(120), title: 'Golden Hour', isrc: 'GBAAA2400001' }],
    balances: [
      makeBalance(),
      makeBalance({
        payee_id: LUNA,
        name: 'Luna',
        balance_minor: '1240',
        advances_minor: '0',
        earnings_minor: '1240',
        recouped_minor: '0',
        forecast_periods: null,
      }),
    ],
    row_version: 3,
    ...overrides,
  };
}

export function makeWithoutTerms(overrides: Partial<WithoutTermsDto> = {}): WithoutTermsDto {
  return {
    contract_id: uuid(130),
    title: 'Night Drive licence',
    artist_name: 'The Lights',
    song_title: 'Night Drive',
    ...overrides,
  };
}

export const dealsAnswer = (rows: DealDto[], withoutTerms: WithoutTermsDto[] = []) =>
  json(200, { rows, without_terms: withoutTerms });

export function makeEntry(overrides: Partial<LedgerEntryDto> = {}): LedgerEntryDto {
  return {
    id: uuid(140),
    kind: 'advance',
    payee_id: SUNNY,
    payee_name: 'Sunny',
    amount: '2000',
    currency: 'USD',
    entry_date: '2025-01-15',
    recoupable: true,
    reason: 'Advance on signature (from the contract)',
    period_id: null,
    locked: false,
    created_by: 'Ada Lovelace',
    created_at: AT,
    receipt: null,
    ...overrides,
  };
}

export const ledgerAnswer = (entries: LedgerEntryDto[], deal = makeDeal()) =>
  json(200, { entries, balances: deal.balances });

export function makePayee(overrides: Partial<PayeeRowDto> = {}): PayeeRowDto {
  return {
    id: uuid(303),
    name: 'Marco',
    email: null,
    currency: 'EUR',
    payment_method: null,
    has_payment_details: false,
    minimum_payout_minor: 0,
    party_count: 1,
    updated_at: AT,
    row_version: 1,
    ...overrides,
  };
}

export const payeesAnswer = (rows: PayeeRowDto[]) => json(200, { rows, total: rows.length });

export function makePeriod(overrides: Partial<PeriodDto> = {}): PeriodDto {
  return {
    id: PERIOD_ID,
    name: '2025-Q1',
    start_month: '2025-01',
    end_month: '2025-03',
    status: 'open',
    import_ids: [],
    rates: [],
    statements: 0,
    payable: [],
    uncontracted: [],
    error: null,
    run_at: null,
    approved_at: null,
    published_at: null,
    ...overrides,
  };
}

export function makeStatementRow(overrides: Partial<StatementSummaryDto> = {}): StatementSummaryDto {
  return {
    id: uuid(400),
    payee_id: SUNNY,
    payee_name: 'Sunny',
    currency: 'USD',
    opening_minor: '-125000',
    earnings_minor: '31240',
    advances_minor: '0',
    costs_minor: '1500',
    reserves_held_minor: '800',
    reserves_released_minor: '300',
    payments_minor: '0',
    adjustments_minor: '0',
    closing_minor: '-95760',
    payable_minor: '0',
    changes: null,
    ...overrides,
  };
}

export function makePeriodDetail(overrides: Partial<PeriodDetailDto> = {}): PeriodDetailDto {
  return { ...makePeriod(), statement_rows: [], ...overrides };
}

export const periodsAnswer = (rows: PeriodDto[]) => json(200, { rows, cadence: 'quarterly' });

export function makeStatement(lineCount: number, overrides: Partial<StatementDto> = {}): StatementDto {
  return {
    ...makeStatementRow(),
    period_id: PERIOD_ID,
    period_name: '2025-Q1',
    deals: [
      {
        deal_id: DEAL_ID,
        contract_title: 'Golden Hour recording agreement',
        opening_minor: '-125000',
        earnings_minor: '31240',
        advances_minor: '0',
        costs_minor: '1500',
        reserves_held_minor: '800',
        reserves_released_minor: '300',
        payments_minor: '0',
        adjustments_minor: '0',
        closing_minor: '-95760',
        cross_collateral_minor: '0',
      },
    ],
    lines: Array.from({ length: lineCount }, (_, index) => ({
      release_title: 'Summer EP',
      track_title: `Track ${index + 1}`,
      isrc: 'GBAAA2400001',
      store: 'Spotify',
      territory: 'US',
      sale_type: 'stream',
      quantity: 1500,
      receipts: '3.3345',
      earnings_minor: '167',
    })),
    ...overrides,
  };
}

/**
 * Imported statements a period may use (two with sales in 2025-Q1, one from before it), and one that
 * is not imported (never offered).
 */
export const IMPORTED = [
  makeImport({ id: uuid(11), file_name: 'january.tsv' }),
  makeImport({ id: uuid(12), file_name: 'february.tsv', first_month: '2025-02', last_month: '2025-02' }),
  makeImport({ id: uuid(14), file_name: 'october.tsv', first_month: '2024-10', last_month: '2024-12' }),
  makeImport({ id: uuid(13), file_name: 'broken.tsv', status: 'failed' }),
];
