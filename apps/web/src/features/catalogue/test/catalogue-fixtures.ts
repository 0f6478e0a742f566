/** Test data for the catalogue's web tests: the API's answers as the contracts declare them. */
import type {
  AttentionItemDto,
  CatalogueSettingsDto,
  RecordingDto,
  RecordingRowDto,
  ReleaseDto,
  ReleaseRowDto,
  SavedViewDto,
  WorkDto,
  WorkRowDto,
} from '@music-review/core/contracts/catalogue';
import type { PartyRowDto, PayeeRowDto } from '@music-review/core/contracts/parties';
import { json } from '../../../test/fetch-mock';

/** A UUID for test ids (the schemas check them): uuid(1) = '00000000-0000-4000-8000-000000000001'. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const AT = '2025-03-01T12:00:00.000Z';

export function makeRecordingRow(overrides: Partial<RecordingRowDto> = {}): RecordingRowDto {
  return {
    id: uuid(1),
    title: 'Golden Hour',
    version: null,
    display_artist: 'Sunny',
    isrc: 'GBABC2500001',
    duration_seconds: 205,
    explicit: false,
    genre: 'Pop',
    language: 'en',
    recording_year: 2025,
    origin: 'demo',
    has_work: true,
    has_master_split: true,
    release_count: 1,
    updated_at: AT,
    row_version: 3,
    ...overrides,
  };
}

export function makeRecording(overrides: Partial<RecordingDto> = {}): RecordingDto {
  return {
    ...makeRecordingRow(),
    subgenre: null,
    bpm: 120,
    musical_key: null,
    p_line_year: 2025,
    p_line_owner: 'Midnight Records',
    audio_master_key: null,
    master_file: null,
    song_id: null,
    work: null,
    artists: [{ id: uuid(501), name: 'Sunny', role: 'primary' }],
    master_splits: [],
    split_history: [],
    releases: [],
    audit: [],
    created_at: AT,
    ...overrides,
  };
}

export function makeReleaseRow(overrides: Partial<ReleaseRowDto> = {}): ReleaseRowDto {
  return {
    id: uuid(101),
    title: 'Summer EP',
    version: null,
    display_artist: 'Sunny',
    release_type: 'ep',
    upc: null,
    catalogue_number: 'MID-001',
    release_date: '2025-06-01',
    status: 'draft',
    track_count: 2,
    tracks_missing_codes: 0,
    updated_at: AT,
    row_version: 1,
    ...overrides,
  };
}

export function makeRelease(overrides: Partial<ReleaseDto> = {}): ReleaseDto {
  return {
    ...makeReleaseRow(),
    label_name: 'Midnight Records',
    original_release_date: null,
    p_line_year: 2025,
    p_line_owner: 'Midnight Records',
    c_line_year: 2025,
    c_line_owner: 'Midnight Records',
    genre: 'Pop',
    artwork_key: null,
    artwork_url: null,
    artwork_source: null,
    song_id: null,
    tracks: [],
    audit: [],
    created_at: AT,
    ...overrides,
  };
}

export function makeWorkRow(overrides: Partial<WorkRowDto> = {}): WorkRowDto {
  return {
    id: uuid(201),
    title: 'Golden Hour',
    iswc: null,
    writers: 'Sam Writer, Alex Lyric',
    shares_total: 100,
    recording_count: 1,
    updated_at: AT,
    row_version: 1,
    ...overrides,
  };
}

export function makeWork(overrides: Partial<WorkDto> = {}): WorkDto {
  return {
    ...makeWorkRow(),
    writer_rows: [],
    recordings: [],
    split_history: [],
    audit: [],
    created_at: AT,
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<CatalogueSettingsDto> = {}): CatalogueSettingsDto {
  return {
    isrc_prefix: 'GB-ABC',
    next_isrc: 'GBABC2500002',
    label_name: 'Midnight Records',
    default_p_owner: 'Midnight Records',
    default_c_owner: 'Midnight Records',
    ddex_dpid: null,
    upc_pool: { total: 10, free: 8, next: '012345678905' },
    row_version: 1,
    ...overrides,
  };
}

export function makePartyRow(overrides: Partial<PartyRowDto> = {}): PartyRowDto {
  return {
    id: uuid(501),
    name: 'Sunny',
    aliases: [],
    legal_name: null,
    party_type: 'person',
    roles: ['artist'],
    ipi: null,
    pro: null,
    country: null,
    recording_count: 1,
    work_count: 0,
    payee: null,
    updated_at: AT,
    row_version: 1,
    ...overrides,
  };
}

export function makePayeeRow(overrides: Partial<PayeeRowDto> = {}): PayeeRowDto {
  return {
    id: uuid(601),
    name: 'Sunny Music Ltd',
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

export const rows = <Row>(list: Row[], total = list.length) => json(200, { rows: list, total });

export const attention = (
  items: AttentionItemDto[] = [],
  counts: Partial<Record<AttentionItemDto['kind'], number>> = {},
) =>
  json(200, {
    items,
    counts: {
      duplicate_isrc: 0,
      near_duplicate_recording: 0,
      release_track_missing_codes: 0,
      writer_missing_ipi_or_pro: 0,
      work_shares_not_100: 0,
      recording_without_master_split: 0,
      ...counts,
    },
  });

export const savedViews = (views: SavedViewDto[] = []) => json(200, { views });

/** What the catalogue page asks besides its grid: "Needs attention" and the saved views, empty. */
export const CATALOGUE_PAGE_ROUTES = {
  'GET /api/v1/catalogue/attention': attention(),
  'GET /api/v1/catalogue/views': savedViews(),
};
