import * as calls from '@music-review/core/contracts/calls';
import type { ApiClient } from '../../../lib/api-client';

/**
 * POST /api/v1/calls/{id}/heartbeat: this page is still in the call. Sent every CALL_HEARTBEAT_MS; a
 * page that stops (closed without its leave, crashed, offline) is dropped after one missed beat.
 */
export function sendCallHeartbeat(api: ApiClient, callId: string) {
  return api.call(calls.sendCallHeartbeat, { params: { id: callId } });
}
