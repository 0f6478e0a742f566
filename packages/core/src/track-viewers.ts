import { z } from 'zod';
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

/** PUT /api/v1/songs/{id}/viewers. */
export const trackViewingBody = z.object({
  page: z.enum(TRACK_VIEWER_PAGES, {
    message: `page: must be one of ${TRACK_VIEWER_PAGES.join(', ')}`,
  }),
});
export type TrackViewingBody = z.infer<typeof trackViewingBody>;

/** GET /api/v1/songs/{id}/viewers: members active on the song within the window, latest first. */
export interface TrackViewerDto {
  reviewer_id: string;
  name: string;
  /** A signed URL of the photo (valid for an hour), null without one. */
  avatar_url: string | null;
  /** The photo's storage key (for UserAvatar), null without one. */
  avatar_key: string | null;
  page: string;
  last_activity: string;
}
