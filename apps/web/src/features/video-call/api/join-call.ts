import * as calls from '@music-review/core/contracts/calls';
import type { ApiClient } from '../../../lib/api-client';
import { inTurn } from './membership-queue';

/** POST /api/v1/calls/{id}/join: the call with its participants, and where our signals start. */
export function joinCall(api: ApiClient, callId: string) {
  return inTurn(() => api.call(calls.joinCall, { params: { id: callId } }));
}
