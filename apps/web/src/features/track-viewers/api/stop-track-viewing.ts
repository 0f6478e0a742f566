import { stopTrackViewing as stopTrackViewingEndpoint } from '@music-review/core/contracts/track-viewers';
import type { ApiClient } from '../../../lib/api-client';

/** DELETE /api/v1/songs/{id}/viewers: stop_viewing_track. */
export function stopTrackViewing(api: ApiClient, songId: string) {
  return api.call(stopTrackViewingEndpoint, { params: { id: songId } });
}
