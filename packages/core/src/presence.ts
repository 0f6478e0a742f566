/**
 * Presence (spec sections 2 "User menu", 3 user_presence and track_viewers, 4 "Presence", 7
 * "Beacon", 9): statuses, the time windows, and the shapes of /api/v1/presence, shared by the server
 * and the web app.
 */

export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

export const PRESENCE_STATUS_LABELS: Record<PresenceStatus, string> = {
  online: 'Online',
  away: 'Away',
  offline: 'Offline',
};

export function isPresenceStatus(value: unknown): value is PresenceStatus {
  return typeof value === 'string' && (PRESENCE_STATUSES as readonly string[]).includes(value);
}

/** Spec section 9. */
export const PRESENCE_HEARTBEAT_MS = 30_000;
export const PRESENCE_MENU_POLL_MS = 10_000;
/** Online means status online and last seen within 5 minutes. */
export const PRESENCE_ONLINE_WINDOW_MS = 5 * 60_000;
/** A track viewer counts while their last activity is within 2 minutes. */
export const TRACK_VIEWER_WINDOW_MS = 2 * 60_000;

/** The beacon the browser sends on page unload (spec section 7; not under /api/v1, no bearer header). */
export const PRESENCE_OFFLINE_BEACON_PATH = '/api/presence/offline';

/**
 * The status others see: the stored one while its last heartbeat is recent, offline once it is
 * older than the online window (a closed laptop sends no beacon).
 */
export function effectivePresenceStatus(
  status: PresenceStatus,
  lastSeen: Date | string | null,
  now: Date = new Date(),
): PresenceStatus {
  if (!lastSeen || status === 'offline') return 'offline';
  const age = now.getTime() - new Date(lastSeen).getTime();
  return age <= PRESENCE_ONLINE_WINDOW_MS ? status : 'offline';
}

/** The pages of a signed song someone can be viewing (spec section 2: its tabs, and metadata). */
export const VIEWING_PAGES = [
  'overview',
  'contracts',
  'release-assets',
  'artist-assets',
  'marketing',
  'label-copy',
  'project-folder',
  'chat',
  'metadata',
] as const;
export type ViewingPage = (typeof VIEWING_PAGES)[number];

export const VIEWING_PAGE_LABELS: Record<ViewingPage, string> = {
  overview: 'Overview',
  contracts: 'Contracts',
  'release-assets': 'Release Assets',
  'artist-assets': 'Artist Assets',
  marketing: 'Marketing',
  'label-copy': 'Label Copy',
  'project-folder': 'Project Folder',
  chat: 'Chat',
  metadata: 'Metadata',
};

export function isViewingPage(value: unknown): value is ViewingPage {
  return typeof value === 'string' && (VIEWING_PAGES as readonly string[]).includes(value);
}

export const CURRENT_ACTIVITY_MAX = 200;

// The request and answer types of /api/v1/presence are inferred from the endpoints' schemas
// (contracts/presence.ts) and the beacon's from presence-schemas.ts; type-only, so the browser loads
// no zod for them.
export type {
  PresenceDto,
  PresenceHeartbeatInput,
  PresenceListDto,
  PresenceMemberDto,
  PresenceViewingDto,
} from './contracts/presence.ts';
export type { PresenceOfflineBeacon } from './presence-schemas.ts';
