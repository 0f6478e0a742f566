import type { CallSignalKind } from '@music-review/core/calls';
import * as calls from '@music-review/core/contracts/calls';
import type { ApiClient } from '../../../lib/api-client';

/** POST /api/v1/calls/{id}/signals: an offer, answer or candidate for one participant. */
export function sendCallSignal(
  api: ApiClient,
  callId: string,
  signal: { to: string; kind: CallSignalKind; payload: Record<string, unknown> },
) {
  return api.call(calls.sendCallSignal, { params: { id: callId }, body: signal });
}
