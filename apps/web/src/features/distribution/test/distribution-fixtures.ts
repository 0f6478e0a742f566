/** Test data for the distribution screens: the API's answers as the contracts declare them. */
import { vi } from 'vitest';
import { makeMe } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import type {
  DeliveryDto,
  DestinationDto,
  DistributionCountsDto,
  DistributionRowDto,
  ReadinessProblemDto,
  ReleaseDistributionDto,
  StoreRowDto,
} from '../distribution-types';

/** A UUID for test ids (the page checks them): uuid(1) = '00000000-0000-4000-8000-000000000001'. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const RELEASE_ID = uuid(101);
export const DESTINATION_ID = uuid(301);
const AT = '2025-03-01T12:00:00.000Z';

export function makeRow(overrides: Partial<DistributionRowDto> = {}): DistributionRowDto {
  return {
    id: RELEASE_ID,
    title: 'Summer EP',
    version: null,
    display_artist: 'Sunny',
    release_type: 'ep',
    upc: '012345678905',
    catalogue_number: 'MID-001',
    release_date: '2025-06-01',
    track_count: 2,
    pipeline_status: 'ready',
    readiness_errors: 0,
    readiness_warnings: 0,
    stores_total: 0,
    stores_live: 0,
    stores_error: 0,
    destinations: [],
    last_change_at: null,
    ...overrides,
  };
}

const NO_COUNTS: DistributionCountsDto = {
  stores_in_error: 0,
  releases_in_error: 0,
  going_live_this_week: 0,
};

/** GET /api/v1/distribution/releases's answer. */
export const releasesAnswer = (
  rows: DistributionRowDto[],
  { total = rows.length, counts = {} }: { total?: number; counts?: Partial<DistributionCountsDto> } = {},
) => json(200, { rows, total, counts: { ...NO_COUNTS, ...counts } });

export function makeDestination(overrides: Partial<DestinationDto> = {}): DestinationDto {
  return {
    id: DESTINATION_ID,
    name: 'Believe SFTP',
    kind: 'sftp',
    recipient_dpid: 'PADPIDA2007050901U',
    recipient_name: 'Believe',
    stores: ['spotify', 'apple_music'],
    enabled: true,
    connection: {
      kind: 'sftp',
      host: 'sftp.believe.test',
      port: 2222,
      username: 'midnight',
      remote_folder: 'incoming',
      ack_folder: 'acknowledgements',
      host_key_sha256: null,
    },
    has_password: true,
    has_private_key: false,
    has_secret_access_key: false,
    acks_checked_at: AT,
    acks_error: null,
    unmatched_acks: [],
    row_version: 4,
    ...overrides,
  };
}

export const destinationsAnswer = (destinations: DestinationDto[]) => json(200, { destinations });

export function makeProblem(overrides: Partial<ReadinessProblemDto> = {}): ReadinessProblemDto {
  return {
    code: 'isrc_missing',
    severity: 'error',
    message: 'Track 2 (“Golden Hour”) has no ISRC: assign one.',
    track: { disc: 1, number: 2, recordingId: uuid(1), title: 'Golden Hour' },
    fix: { kind: 'recording', id: uuid(1) },
    ...overrides,
  };
}

export function makeStoreRow(overrides: Partial<StoreRowDto> = {}): StoreRowDto {
  return {
    destination_id: DESTINATION_ID,
    destination_name: 'Believe SFTP',
    store: 'spotify',
    status: 'delivered',
    action: 'new',
    note: null,
    queued_at: '2025-03-02T09:00:00.000Z',
    delivered_at: '2025-03-02T09:05:00.000Z',
    live_at: null,
    error_at: null,
    taken_down_at: null,
    updated_at: '2025-03-02T09:05:00.000Z',
    ...overrides,
  };
}

export function makeDelivery(overrides: Partial<DeliveryDto> = {}): DeliveryDto {
  return {
    id: uuid(401),
    kind: 'new',
    destination_id: DESTINATION_ID,
    destination_name: 'Believe SFTP',
    message_id: 'MSG-20250302-0001',
    status: 'delivered',
    error: null,
    files: [],
    created_by: 'Ada Lovelace',
    created_at: '2025-03-02T09:00:00.000Z',
    started_at: '2025-03-02T09:01:00.000Z',
    finished_at: '2025-03-02T09:05:00.000Z',
    ...overrides,
  };
}

export function makeReleaseDistribution(
  overrides: Partial<ReleaseDistributionDto> = {},
): ReleaseDistributionDto {
  return {
    release: {
      id: RELEASE_ID,
      title: 'Summer EP',
      version: null,
      display_artist: 'Sunny',
      release_type: 'ep',
      upc: '012345678905',
      catalogue_number: 'MID-001',
      release_date: '2025-06-01',
      track_count: 2,
    },
    readiness: { checked_at: AT, checking: 0, errors: [], warnings: [] },
    deal_terms: { territory_mode: 'worldwide', territories: [], pre_order_date: null, row_version: 0 },
    stores: [],
    deliveries: [],
    last_validation: null,
    history: [],
    in_flight: false,
    destinations: [{ id: DESTINATION_ID, name: 'Believe SFTP', enabled: true }],
    ...overrides,
  };
}

type Routes = Parameters<typeof mockFetch>[0];

/** A member's (or an admin's) routes for the distribution screens, with the label on a plan that has them. */
export function serveDistribution(routes: Routes, { admin = false, hasCatalogue = true } = {}) {
  return mockFetch({
    'GET /api/v1/me': json(
      200,
      makeMe({
        reviewer: { is_admin: admin },
        organization: { ...makeMe().organization!, has_catalogue: hasCatalogue },
      }),
    ),
    ...routes,
  });
}

/** The query string of the last request to `route` ('GET /api/v1/distribution/releases'). */
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
    const matches = min ? 375 >= Number(min[1]) : max ? 375 <= Number(max[1]) : false;
    return {
      matches,
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
