import * as calls from '@music-review/core/contracts/calls';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/v1/calls/{id}/signals?after=: the signals addressed to us after a sequence, in order. */
export function getCallSignals(api: ApiClient, callId: string, after: number) {
  return api.call(calls.listCallSignals, { params: { id: callId }, query: { after } });
}
