/**
 * Distribution (issue 15): releases checked for delivery, sent as DDEX ERN 4.3 batches to the
 * label's destinations, and followed store by store. Names, statuses, texts and readiness rules
 * shared by the server and the web app. Contracts: ./contracts/distribution.ts; decision 0027.
 */

/** The texts the issue names (users, screen readers and tests rely on them). */
export const DISTRIBUTION_TEXTS = {
  heading: 'Distribution',
  deliver: 'Deliver',
  sendUpdate: 'Send update',
  takeDown: 'Take down',
  downloadErn: 'Download ERN',
  readiness: 'Readiness',
  stores: 'Stores',
  history: 'History',
  destinations: 'Destinations',
  addDestination: 'Add destination',
  lastValidation: 'Last validation',
  setStatus: 'Set status',
} as const;

/** The stores a destination can serve; a label may also name its own (free text). */
export const STORES = [
  'spotify',
  'apple_music',
  'amazon_music',
  'youtube_music',
  'deezer',
  'tiktok',
  'tidal',
  'beatport',
] as const;
export type KnownStore = (typeof STORES)[number];
export const STORE_LABELS: Record<KnownStore, string> = {
  spotify: 'Spotify',
  apple_music: 'Apple Music',
  amazon_music: 'Amazon Music',
  youtube_music: 'YouTube Music',
  deezer: 'Deezer',
  tiktok: 'TikTok',
  tidal: 'Tidal',
  beatport: 'Beatport',
};
/** A store's display name: ours for the known ones, the label's own text otherwise. */
export const storeLabel = (store: string): string => (STORE_LABELS as Record<string, string>)[store] ?? store;
/** A store the label names itself: letters, digits, spaces and a few signs, 1-60 characters. */
export const OWN_STORE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} .&'’_-]{0,59}$/u;

/**
 * Where a release stands at one store. draft → ready → queued → delivered → live is the way up;
 * error and on hold stop it; a takedown goes takedown requested → taken down. Delivered is not
 * live: only an acknowledgement (or a member, by hand) says a store has it on sale.
 */
export const STORE_STATUSES = [
  'draft',
  'ready',
  'queued',
  'delivered',
  'live',
  'error',
  'on_hold',
  'takedown_requested',
  'taken_down',
] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const STORE_STATUS_LABELS: Record<StoreStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  queued: 'Queued',
  delivered: 'Delivered',
  live: 'Live',
  error: 'Error',
  on_hold: 'On hold',
  takedown_requested: 'Takedown requested',
  taken_down: 'Taken down',
};
/** The statuses a member may set by hand (with a note): what a distributor's dashboard says. */
export const MANUAL_STORE_STATUSES = ['delivered', 'live', 'error', 'on_hold', 'taken_down'] as const;
export type ManualStoreStatus = (typeof MANUAL_STORE_STATUSES)[number];

/** A release's place in the pipeline, for the /distribution list: the most pressing of its stores. */
export const PIPELINE_STATUSES = [
  'error',
  'blocked',
  'draft',
  'ready',
  'in_progress',
  'delivered',
  'live',
  'on_hold',
  'taken_down',
] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];
export const PIPELINE_STATUS_LABELS: Record<PipelineStatus, string> = {
  error: 'Error',
  blocked: 'Blocked',
  draft: 'Not checked',
  ready: 'Ready',
  in_progress: 'Delivering',
  delivered: 'Delivered',
  live: 'Live',
  on_hold: 'On hold',
  taken_down: 'Taken down',
};

/**
 * The release's pipeline status from its stores' statuses and its last readiness check. Any
 * store in error wins; then a delivery in flight; then on hold; then what all stores share.
 */
export function pipelineStatus(
  stores: readonly StoreStatus[],
  readiness: { errors: number } | null,
): PipelineStatus {
  if (stores.includes('error')) return 'error';
  if (stores.some((s) => s === 'queued' || s === 'takedown_requested')) return 'in_progress';
  if (stores.includes('on_hold')) return 'on_hold';
  const sent = stores.filter((s) => s !== 'draft' && s !== 'ready');
  if (sent.length > 0) {
    if (sent.every((s) => s === 'taken_down')) return 'taken_down';
    if (sent.every((s) => s === 'live' || s === 'taken_down')) return 'live';
    return 'delivered';
  }
  if (!readiness) return 'draft';
  return readiness.errors > 0 ? 'blocked' : 'ready';
}

export const DELIVERY_KINDS = ['new', 'update', 'takedown'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_KIND_LABELS: Record<DeliveryKind, string> = {
  new: 'New release',
  update: 'Update',
  takedown: 'Takedown',
};
export const DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DESTINATION_KINDS = ['sftp', 's3', 'folder'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];
export const DESTINATION_KIND_LABELS: Record<DestinationKind, string> = {
  sftp: 'SFTP server',
  s3: 'S3-compatible bucket',
  folder: 'Folder on this server',
};

export const TERRITORY_MODES = ['worldwide', 'include', 'exclude'] as const;
export type TerritoryMode = (typeof TERRITORY_MODES)[number];
export const TERRITORY_MODE_LABELS: Record<TerritoryMode, string> = {
  worldwide: 'Worldwide',
  include: 'Only these territories',
  exclude: 'Worldwide except these territories',
};

/** Stores want 2-4 weeks between delivery and the release date; under 14 days is a warning. */
export const MIN_LEAD_DAYS = 14;
/** The longest silence a master may start or end with, in seconds. */
export const MAX_SILENCE_SECONDS = 10;

/** Where a readiness problem is fixed: the web app turns this into a link. */
export type FixTarget =
  | { kind: 'release'; id: string }
  | { kind: 'recording'; id: string }
  | { kind: 'work'; id: string }
  | { kind: 'catalogue_settings' }
  | { kind: 'deal_terms' };

export type ReadinessSeverity = 'error' | 'warning';

export interface ReadinessProblem {
  /** A stable code (tests and the web app's icons rely on it). */
  code: string;
  severity: ReadinessSeverity;
  message: string;
  /** The track it concerns, when it is about one: "Track 3". */
  track?: { disc: number; number: number; recordingId: string; title: string };
  fix: FixTarget;
}

/** A title that credits a featured artist in the text ("feat.", "ft.", "featuring") instead of as a role. */
export function creditsFeatureInTitle(title: string): boolean {
  return /(^|[\s([])(feat\.?|ft\.|featuring)(\s|$)/iu.test(title);
}

/** How far ahead a release date is, in whole days from `today` (both YYYY-MM-DD). */
export function daysUntil(date: string, today: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

export const DISTRIBUTION_MESSAGES = {
  notOnPlan: 'Distribution is part of the Pro and Label plans. Upgrade your plan to deliver releases.',
  releaseNotFound: 'Release not found',
  destinationNotFound: 'Destination not found',
  noDestination: 'Add a destination before you deliver: Distribution → Destinations → "Add destination".',
  notReady: (errors: number) =>
    `This release has ${errors} blocking ${errors === 1 ? 'problem' : 'problems'}: fix ${errors === 1 ? 'it' : 'them'} first (see Readiness).`,
  stillChecking: 'The files are still being checked. Try again in a moment.',
  inFlight: 'A delivery of this release is in progress. Wait until it ends.',
  lockedForDelivery: (destination: string) =>
    `This release is being delivered to ${destination}: edits wait until the delivery ends.`,
  notDelivered: 'Deliver this release before you send an update or take it down.',
  invalidErn:
    'The DDEX message did not pass the ERN 4.3 schema, so nothing was sent. The errors are under "Last validation".',
  schemaMissing:
    'The DDEX ERN 4.3 schema is not installed on this server, so messages cannot be checked and nothing is sent. Ask your administrator to set DDEX_ERN43_SCHEMA_DIR.',
  dpidMissing: 'Set your label’s DDEX party id (DPID) in the catalogue settings.',
  adminsOnly: 'Only an admin of your label can change destinations.',
  destinationNameTaken: 'Another destination already has this name.',
} as const;
