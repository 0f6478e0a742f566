/** Test data for the finance page: the API's answers exactly as the contracts declare them. */
import { vi } from 'vitest';
import { makeMe } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import type {
  FinanceSummaryDto,
  ImportDto,
  StatementAnalysisDto,
  StatementLineDto,
  UnmatchedGroupDto,
  UnmatchedListDto,
} from '../finance-types';

/** A UUID for test ids: uuid(1) = '00000000-0000-4000-8000-000000000001'. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const SUMMARY = 'GET /api/v1/finance/summary';
export const IMPORTS = 'GET /api/v1/finance/imports';
export const UNMATCHED = 'GET /api/v1/finance/unmatched';
export const LINES = 'GET /api/v1/finance/lines';
export const RESOLVE = 'POST /api/v1/finance/unmatched/resolve';
export const REMATCH = 'POST /api/v1/finance/unmatched/rematch';
export const PRESIGN = 'POST /api/v1/finance/imports/uploads';
export const ANALYSE = 'POST /api/v1/finance/imports/analyse';
export const START = 'POST /api/v1/finance/imports';
/** Read on every tab for the summary's "Unrecouped advances" and "To pay". */
export const DEALS_LIST = 'GET /api/v1/finance/deals';
export const PAYMENTS_DUE = 'GET /api/v1/finance/payments/due';

const AT = '2025-04-02T09:30:00.000Z';

export function makeSummary(overrides: Partial<FinanceSummaryDto> = {}): FinanceSummaryDto {
  return {
    quarter: '2025-Q1',
    income: [{ currency: 'USD', net: '1234.5678' }],
    unmatched: [{ currency: 'USD', net: '56.125' }],
    unmatched_groups: 3,
    imports_waiting: 1,
    ...overrides,
  };
}

export const summaryAnswer = (overrides: Partial<FinanceSummaryDto> = {}) =>
  json(200, makeSummary(overrides));

export function makeImport(overrides: Partial<ImportDto> = {}): ImportDto {
  return {
    id: uuid(1),
    file_name: 'statement.tsv',
    size_bytes: 2048,
    source: 'distrokid',
    source_name: 'DistroKid',
    status: 'imported',
    bytes_read: 2048,
    line_count: 120,
    bad_line_count: 0,
    bad_lines: [],
    currencies: [{ currency: 'USD', net: '1234.5678', lines: 120 }],
    first_month: '2025-01',
    last_month: '2025-03',
    matched_lines: 90,
    error: null,
    created_by: 'Ada Lovelace',
    created_at: AT,
    finished_at: AT,
    ...overrides,
  };
}

/** GET /api/v1/finance/imports's answer. */
export const importsAnswer = (rows: ImportDto[], total = rows.length) => json(200, { rows, total });

export function makeGroup(overrides: Partial<UnmatchedGroupDto> = {}): UnmatchedGroupDto {
  return {
    source: 'distrokid',
    source_name: 'DistroKid',
    identifier_kind: 'isrc',
    identifier: 'GBAAA2400001',
    track_title: 'Golden Hour',
    release_title: 'Summer EP',
    artist: 'Sunny',
    lines: 12,
    amounts: [{ currency: 'USD', net: '40.005' }],
    first_month: '2025-01',
    last_month: '2025-02',
    suggestion: null,
    ...overrides,
  };
}

/** GET /api/v1/finance/unmatched's answer, its totals the rows' own unless told. */
export const unmatchedAnswer = (rows: UnmatchedGroupDto[], overrides: Partial<UnmatchedListDto> = {}) =>
  json(200, {
    rows,
    total: rows.length,
    lines: rows.reduce((sum, row) => sum + row.lines, 0),
    amounts: rows.length > 0 ? [{ currency: 'USD', net: '96.13' }] : [],
    ...overrides,
  });

export function makeLine(overrides: Partial<StatementLineDto> = {}): StatementLineDto {
  return {
    import_id: uuid(1),
    line_number: 7,
    sale_month: '2025-01',
    store: 'Spotify',
    territory: 'US',
    isrc: 'GBAAA2400001',
    upc: null,
    catalogue_number: null,
    release_title: 'Summer EP',
    track_title: 'Golden Hour',
    artist: 'Sunny',
    sale_type: 'stream',
    quantity: 1500,
    gross: null,
    net: '3.3345',
    currency: 'USD',
    raw: '2025-04-01\t2025-01\tSpotify\tSunny\tGolden Hour\tGBAAA2400001',
    matched_by: null,
    ...overrides,
  };
}

export function makeAnalysis(overrides: Partial<StatementAnalysisDto> = {}): StatementAnalysisDto {
  return {
    key: 'org-1/finance/upload-1/sales.csv',
    format: 'csv',
    encoding: 'UTF-8',
    delimiter: ';',
    inner_name: null,
    sheet_name: null,
    headers: ['Month', 'Shop', 'Code', 'Song', 'Amount', 'Cur'],
    sample_rows: [['2025-03', 'Bandcamp', 'GBAAA2400001', 'Golden Hour', '12,50', 'EUR']],
    detected_source: null,
    saved_mapping: null,
    mapping: {
      columns: { store: 'Shop', isrc: 'Code' },
      number_format: 'point',
      date_format: 'auto',
      default_currency: null,
      default_sale_type: 'other',
    },
    ...overrides,
  };
}

type Routes = Parameters<typeof mockFetch>[0];

/**
 * A member's routes for /finance on a plan that has it: an empty summary, no import, nothing
 * unmatched, no contract and nobody owed unless a test routes them itself.
 */
export function serveFinance(routes: Routes, { admin = false, hasCatalogue = true } = {}) {
  return mockFetch({
    'GET /api/v1/me': json(
      200,
      makeMe({
        reviewer: { is_admin: admin },
        organization: { ...makeMe().organization!, has_catalogue: hasCatalogue },
      }),
    ),
    [SUMMARY]: summaryAnswer({
      quarter: null,
      income: [],
      unmatched: [],
      unmatched_groups: 0,
      imports_waiting: 0,
    }),
    [IMPORTS]: importsAnswer([]),
    [UNMATCHED]: unmatchedAnswer([]),
    [DEALS_LIST]: json(200, { rows: [], without_terms: [] }),
    [PAYMENTS_DUE]: json(200, { rows: [], totals: [] }),
    ...routes,
  });
}

/** The query string of the last request to `route`. */
export function lastQuery(server: ReturnType<typeof mockFetch>, route: string) {
  const last = server.requestsTo(route).at(-1);
  if (!last) throw new Error(`No request to ${route}`);
  return new URL(last.path, 'http://localhost').searchParams;
}

/** A phone's viewport (375 px): width queries answer as a browser that wide would. */
export function stubPhoneViewport() {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    const max = /\(max-width:\s*(\d+)px\)/.exec(query);
    return {
      matches: min ? 375 >= Number(min[1]) : max ? 375 <= Number(max[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}
