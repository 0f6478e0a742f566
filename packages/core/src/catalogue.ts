/**
 * The catalogue and Artists & Writers (issue 14): the label's master data. Names, statuses, texts
 * and the exact share arithmetic shared by the server, the web app and the CSV import.
 * Contracts: ./contracts/catalogue.ts and ./contracts/parties.ts.
 */
import { gs1CheckDigit } from './music-codes.ts';

export const CATALOGUE_TABS = ['recordings', 'releases', 'works'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];
export const CATALOGUE_TAB_LABELS: Record<CatalogueTab, string> = {
  recordings: 'Recordings',
  releases: 'Releases',
  works: 'Works',
};

export const PEOPLE_TABS = ['artists', 'writers', 'payees'] as const;
export type PeopleTab = (typeof PEOPLE_TABS)[number];
export const PEOPLE_TAB_LABELS: Record<PeopleTab, string> = {
  artists: 'Artists',
  writers: 'Writers',
  payees: 'Payees',
};

/** The texts the issue names (users, screen readers and tests rely on them). */
export const CATALOGUE_TEXTS = {
  catalogueHeading: 'Catalogue',
  peopleHeading: 'Artists & Writers',
  search: 'Search catalogue',
  newRelease: 'New release',
  assignIsrc: 'Assign ISRC',
  assignUpc: 'Assign UPC',
  importCsv: 'Import CSV',
  exportCsv: 'Export CSV',
  needsAttention: 'Needs attention',
  addPerson: 'Add person',
} as const;

export const RECORDING_ORIGINS = ['demo', 'imported', 'manual'] as const;
export type RecordingOrigin = (typeof RECORDING_ORIGINS)[number];
export const RECORDING_ORIGIN_LABELS: Record<RecordingOrigin, string> = {
  demo: 'Signed demo',
  imported: 'Imported',
  manual: 'Added by hand',
};

export const RECORDING_ARTIST_ROLES = ['primary', 'featured', 'remixer', 'producer'] as const;
export type RecordingArtistRole = (typeof RECORDING_ARTIST_ROLES)[number];
export const RECORDING_ARTIST_ROLE_LABELS: Record<RecordingArtistRole, string> = {
  primary: 'Primary artist',
  featured: 'Featured artist',
  remixer: 'Remixer',
  producer: 'Producer',
};

export const RELEASE_TYPES = ['single', 'ep', 'album', 'compilation'] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = {
  single: 'Single',
  ep: 'EP',
  album: 'Album',
  compilation: 'Compilation',
};

export const RELEASE_STATUSES = ['draft', 'ready', 'scheduled', 'released', 'withdrawn'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  scheduled: 'Scheduled',
  released: 'Released',
  withdrawn: 'Withdrawn',
};

export const PARTY_TYPES = ['person', 'group', 'company'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];
export const PARTY_TYPE_LABELS: Record<PartyType, string> = {
  person: 'Person',
  group: 'Group',
  company: 'Company',
};

export const PARTY_ROLES = ['artist', 'writer', 'producer', 'publisher'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export const PARTY_ROLE_LABELS: Record<PartyRole, string> = {
  artist: 'Artist',
  writer: 'Writer',
  producer: 'Producer',
  publisher: 'Publisher',
};

export const PAYMENT_METHODS = ['bank_transfer', 'paypal', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  paypal: 'PayPal',
  other: 'Other',
};

/** The collecting societies offered first (any other name may be typed). */
export const COMMON_PROS = [
  'ASCAP',
  'BMI',
  'SESAC',
  'GMR',
  'SOCAN',
  'PRS',
  'GEMA',
  'SACEM',
  'SIAE',
  'SGAE',
  'BUMA/STEMRA',
  'SABAM',
  'STIM',
  'TONO',
  'KODA',
  'TEOSTO',
  'APRA AMCOS',
  'JASRAC',
  'KOMCA',
  'ZAiKS',
] as const;

export const CATALOGUE_LIMITS = {
  text: 300,
  name: 200,
  notes: 5000,
  aliases: 20,
  artists: 30,
  writers: 30,
  splits: 30,
  tracks: 500,
  discs: 20,
  bulkIds: 1000,
  upcRange: 100_000,
  savedViews: 50,
} as const;

// ---------------------------------------------------------------------------------------------------
// Shares: percent with at most 2 decimals on the wire, integer hundredths (basis points) at rest.

/** 12.5 -> 1250. The caller has validated the share (validateShares in ./music-codes.ts). */
export const percentToBp = (percent: number) => Math.round(percent * 100);
/** 1250 -> 12.5 */
export const bpToPercent = (bp: number) => bp / 100;
export const FULL_SHARE_BP = 10_000;

// ---------------------------------------------------------------------------------------------------
// Needs attention: conflicts and gaps, each with the place it is fixed.

export const ATTENTION_KINDS = [
  'duplicate_isrc',
  'near_duplicate_recording',
  'release_track_missing_codes',
  'writer_missing_ipi_or_pro',
  'work_shares_not_100',
  'recording_without_master_split',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];
export const ATTENTION_KIND_LABELS: Record<AttentionKind, string> = {
  duplicate_isrc: 'One ISRC on two recordings',
  near_duplicate_recording: 'Possible duplicate recordings',
  release_track_missing_codes: 'Release with tracks missing codes',
  writer_missing_ipi_or_pro: 'Writer without IPI or PRO',
  work_shares_not_100: 'Work whose shares do not total 100%',
  recording_without_master_split: 'Recording without master splits',
};

/**
 * The title and artist two near-duplicate recordings share: case, accents, punctuation and a
 * "feat." credit ignored ("Café (feat. X)" and "cafe" match).
 */
export function normalizeForDuplicates(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[([]\s*(feat\.?|ft\.?|featuring)\s[^)\]]*[)\]]/g, ' ')
    .replace(/\s(feat\.?|ft\.?|featuring)\s.*$/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Two recordings whose lengths differ by at most this many seconds may be the same. */
export const NEAR_DUPLICATE_SECONDS = 2;

// ---------------------------------------------------------------------------------------------------
// UPC pool: a range bought from GS1 is a company prefix and a run of item references.

/**
 * The codes of a GS1 range: `first` is the first code without its check digit (11 digits for UPC-A,
 * 12 for EAN-13), `count` how many; each gets its check digit. Null when the range overflows.
 */
export function upcRange(first: string, count: number): string[] | null {
  if (!/^\d{11,12}$/.test(first) || !Number.isInteger(count) || count < 1) return null;
  const start = BigInt(first);
  const width = first.length;
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = (start + BigInt(i)).toString().padStart(width, '0');
    if (body.length > width) return null;
    codes.push(body + String(gs1CheckDigit(body)));
  }
  return codes;
}

export const CATALOGUE_MESSAGES = {
  notOnPlan: 'The catalogue is part of the Pro and Label plans. Upgrade your plan to use it.',
  changedSinceRead:
    'Someone else saved this record after you opened it. Reload to see their changes, then edit again.',
  isrcTaken: (title: string) => `This ISRC is already used by the recording “${title}”`,
  upcTaken: (title: string) => `This UPC/EAN is already used by the release “${title}”`,
  iswcTaken: (title: string) => `This ISWC is already used by the work “${title}”`,
  catalogueNumberTaken: (title: string) => `This catalogue number is already used by the release “${title}”`,
  noIsrcPrefix: 'Set the label’s ISRC prefix in the catalogue settings first',
  isrcAlreadySet: 'This recording already has an ISRC',
  upcAlreadySet: 'This release already has a UPC/EAN',
  upcPoolEmpty: 'The UPC pool is empty: import a range of codes bought from GS1 first',
  upcRangeInvalid:
    'Enter the first code of the range without its check digit (11 digits for UPC, 12 for EAN) and how many codes it holds',
  trackTwice: 'A recording can appear only once on a release',
  recordingInRelease: (title: string) => `This recording is on the release “${title}”: remove it there first`,
  mergeSelf: 'Choose two different people to merge',
  titleRequired: 'Enter a title',
  artistRequired: 'Enter the display artist',
  nameRequired: 'Enter a name',
  currencyInvalid: 'Enter a currency as its 3-letter code, like EUR or USD',
} as const;

// ---------------------------------------------------------------------------------------------------
// Artwork and master files: a release's artwork and a recording's master, for distribution. A record
// without its own file uses its signed song's newest asset of that kind (source 'song').

export const MASTER_FILE_FORMATS = ['wav', 'flac', 'aiff'] as const;
export type MasterFileFormat = (typeof MASTER_FILE_FORMATS)[number];
export const MASTER_FILE_FORMAT_LABELS: Record<MasterFileFormat, string> = {
  wav: 'WAV',
  flac: 'FLAC',
  aiff: 'AIFF',
};

/** 1 -> "mono", 2 -> "stereo", 6 -> "6 channels". */
export function channelsLabel(channels: number): string {
  if (channels === 1) return 'mono';
  if (channels === 2) return 'stereo';
  return `${channels} channels`;
}

/** "WAV · 24-bit · 48 kHz · stereo": what a master is, read from its header. */
export function masterFileSummary(audio: {
  format: MasterFileFormat;
  bit_depth: number;
  sample_rate: number;
  channels: number;
}): string {
  const rate = `${Number((audio.sample_rate / 1000).toFixed(2))} kHz`;
  return `${MASTER_FILE_FORMAT_LABELS[audio.format]} · ${audio.bit_depth}-bit · ${rate} · ${channelsLabel(audio.channels)}`;
}

export const CATALOGUE_FILE_TEXTS = {
  artworkHeading: 'Artwork',
  uploadArtwork: 'Upload artwork',
  removeArtwork: 'Remove artwork',
  artworkRequirement: 'Square, at least 3000 x 3000 px, RGB, JPEG or PNG.',
  artworkFromSong: 'From its signed song’s release assets. Upload artwork to use another image here.',
  noArtwork: 'No artwork',
  artworkFile: 'Artwork file',
  removeArtworkQuestion: 'Remove this artwork? Its file is deleted.',
  artworkSaved: 'Artwork saved',
  artworkRemoved: 'Artwork removed',
  masterHeading: 'Master',
  uploadMaster: 'Upload master',
  removeMaster: 'Remove master',
  masterRequirement: 'WAV, FLAC or AIFF, at least 16-bit and 44.1 kHz. Stores expect stereo.',
  masterFromSong: 'From its signed song’s release assets. Upload a master to use another file here.',
  noMaster: 'No master yet.',
  masterUnreadable: 'The file could not be read from storage. Upload it again.',
  notStereo: 'Stores expect a stereo master: upload a stereo mix before distribution.',
  masterFile: 'Master file',
  downloadMaster: 'Download master',
  removeMasterQuestion: 'Remove this master? Its file is deleted.',
  masterSaved: 'Master saved',
  masterRemoved: 'Master removed',
  refusedTitle: 'The file was not accepted.',
} as const;

export const CATALOGUE_FILE_MESSAGES = {
  fileNotFound: 'File not found: upload the file again',
  artworkType: (type: string) =>
    `Artwork: a file of type ${type || 'unknown'} is not accepted. Upload a JPEG or PNG image.`,
  masterType: (type: string) =>
    `Master: a file of type ${type || 'unknown'} is not accepted. Upload a WAV, FLAC or AIFF file.`,
  tooLarge: (megabytes: number) =>
    `The file is larger than the limit of ${megabytes} MB. Upload a smaller file.`,
} as const;
