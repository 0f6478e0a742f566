import { json } from './fetch-mock';

/**
 * What a song page sends and asks about who else is on the song (track viewers): the member's own
 * viewing, its end, and the others (none unless given), for a test to spread into mockFetch routes.
 */
export function trackViewerRoutes(songId = 'song-1', others: unknown[] = []) {
  return {
    [`PUT /api/v1/songs/${songId}/viewers`]: json(204, null),
    [`DELETE /api/v1/songs/${songId}/viewers`]: json(204, null),
    [`GET /api/v1/songs/${songId}/viewers`]: json(200, others),
  };
}
