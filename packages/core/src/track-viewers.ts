import { VIEWING_PAGES } from './presence.ts';

/**
 * Who is viewing a song (spec sections 3 track_viewers, 7 stop_viewing_track, 9): a member on a
 * song's review page or a signed song's tab says so every 15 s; others see their avatar while the
 * last word is within 2 minutes (TRACK_VIEWER_WINDOW_MS in presence.ts); leaving ends it at once.
 */

/** Spec section 9: the viewer heartbeat. */
export const TRACK_VIEWER_HEARTBEAT_MS = 15_000;

/** The pages a viewer can be on: the signed song's tabs, and the review page. */
export const TRACK_VIEWER_PAGES = [...VIEWING_PAGES, 'review'] as const;
export type TrackViewerPage = (typeof TRACK_VIEWER_PAGES)[number];

// The body's and the answer's types are inferred from the endpoints' schemas
// (contracts/track-viewers.ts); type-only, so the browser loads no zod for them.
export type { TrackViewerDto, TrackViewingBody } from './contracts/track-viewers.ts';
