import type { SignedSongOverviewDto } from '@music-review/core/signed-songs';
import { makeMe } from './factories';
import { json } from './fetch-mock';
import { trackViewerRoutes } from './track-viewer-routes';

/** A signed song's overview (the page's header reads it). */
export function makeSignedSongOverview(
  overrides: Partial<SignedSongOverviewDto> = {},
): SignedSongOverviewDto {
  return {
    id: 'song-1',
    title: 'Summer Static',
    artist: 'Nova Lane',
    submitted_at: '2025-03-01T12:00:00.000Z',
    artwork_url: null,
    averages: { musical: 8, artist: 7, overall: 8.5 },
    stage: 'metadata',
    stage_index: 1,
    chips: [],
    blockers: [],
    counts: { contracts: 0, campaigns: 0, open_tasks: 0, assets: 0, project_files: 0 },
    release_ready_at: null,
    ...overrides,
  };
}

/**
 * What the signed song page asks around any of its tabs (the member, the song's header, who else
 * is on the song), for a test to spread into its mockFetch routes.
 */
export function signedSongFrameRoutes(songId = 'song-1', overview = makeSignedSongOverview({ id: songId })) {
  return {
    'GET /api/v1/me': json(200, makeMe()),
    [`GET /api/v1/signed-songs/${songId}`]: json(200, overview),
    ...trackViewerRoutes(songId),
  };
}
