import type { PartyDto, PartyRowDto, PayeeDto, PayeeRowDto } from '@music-review/core/contracts/parties';
import type { getPayeeAccount } from '@music-review/core/contracts/royalties';
import type { ResponseOf } from '@music-review/core/endpoint';
import { makeMe } from '../../../test/factories';
import { json } from '../../../test/fetch-mock';

/** Test data for Artists & Writers, in the API's shapes (contracts/parties.ts). */

export function makePartyRow(overrides: Partial<PartyRowDto> = {}): PartyRowDto {
  return {
    id: 'party-1',
    name: 'Lena Park',
    aliases: [],
    legal_name: null,
    party_type: 'person',
    roles: ['artist'],
    ipi: null,
    pro: null,
    country: null,
    recording_count: 0,
    work_count: 0,
    payee: null,
    updated_at: '2025-03-01T10:00:00.000Z',
    row_version: 1,
    ...overrides,
  };
}

export function makeParty(overrides: Partial<PartyDto> = {}): PartyDto {
  return {
    ...makePartyRow(),
    isni: null,
    pro_member_number: null,
    email: null,
    notes: null,
    recordings: [],
    releases: [],
    works: [],
    contracts: [],
    balance: null,
    audit: [],
    created_at: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePayeeRow(overrides: Partial<PayeeRowDto> = {}): PayeeRowDto {
  return {
    id: 'payee-1',
    name: 'Park Music Ltd',
    email: 'pay@parkmusic.test',
    currency: 'EUR',
    payment_method: 'bank_transfer',
    has_payment_details: true,
    minimum_payout_minor: 5000,
    party_count: 1,
    updated_at: '2025-03-01T10:00:00.000Z',
    row_version: 1,
    ...overrides,
  };
}

export function makePayee(overrides: Partial<PayeeDto> = {}): PayeeDto {
  return {
    ...makePayeeRow(),
    tax_id: null,
    payment_details_masked: '•••• 3000',
    parties: [],
    master_splits: [],
    created_at: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export type PayeeAccountDto = ResponseOf<typeof getPayeeAccount>;

/** A payee's royalty account (contracts/royalties.ts getPayeeAccount): none yet unless given. */
export function makePayeeAccount(overrides: Partial<PayeeAccountDto> = {}): PayeeAccountDto {
  return {
    payee_id: 'payee-1',
    name: 'Park Music Ltd',
    currency: 'EUR',
    balance_minor: '0',
    payable_minor: '0',
    contracts: [],
    statements: [],
    payments: [],
    ...overrides,
  };
}

export const accountPath = (payeeId: string) => `/api/v1/finance/payees/${payeeId}/account`;

/** The royalty account a payee's drawer and their people's pages ask for: empty. */
export const emptyAccountRoute = (payeeId = 'payee-1') => ({
  [`GET ${accountPath(payeeId)}`]: json(200, makePayeeAccount({ payee_id: payeeId })),
});

export const page = <T>(rows: T[], total = rows.length) => ({ rows, total });

/** /me for a label on a plan with the catalogue (Pro). */
export const meRoute = { 'GET /api/v1/me': json(200, makeMe()) };

/** The query string of a recorded request. */
export const paramsOf = (request: { path: string }) => new URL(request.path, 'http://localhost').searchParams;
