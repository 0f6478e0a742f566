import { sendTrackViewing as sendTrackViewingEndpoint } from '@music-review/core/contracts/track-viewers';
import type { TrackViewerPage } from '@music-review/core/track-viewers';
import type { ApiClient } from '../../../lib/api-client';

/** PUT /api/v1/songs/{id}/viewers: the member is on this page of the song (the 15 s heartbeat). */
export function sendTrackViewing(api: ApiClient, songId: string, page: TrackViewerPage) {
  return api.call(sendTrackViewingEndpoint, { params: { id: songId }, body: { page } });
}
