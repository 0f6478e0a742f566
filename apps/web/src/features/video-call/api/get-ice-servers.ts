import { listIceServers } from '@music-review/core/contracts/calls';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/v1/calls/ice-servers: the STUN/TURN servers from the server's configuration ([] = none). */
export async function getIceServers(api: ApiClient): Promise<RTCIceServer[]> {
  try {
    return await api.call(listIceServers);
  } catch {
    // Without the list a call still works on one network (host candidates).
    return [];
  }
}
