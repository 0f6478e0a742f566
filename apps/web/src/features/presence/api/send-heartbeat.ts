import { sendPresenceHeartbeat } from '@music-review/core/contracts/presence';
import type { PresenceHeartbeatInput } from '@music-review/core/presence';
import type { ApiClient } from '../../../lib/api-client';

/** PUT /api/v1/presence: status, activity and the signed song page being viewed. */
export function sendHeartbeat(api: ApiClient, input: PresenceHeartbeatInput) {
  return api.call(sendPresenceHeartbeat, { body: input });
}
