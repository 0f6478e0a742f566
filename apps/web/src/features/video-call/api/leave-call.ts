import type { LeaveCallBody } from '@music-review/core/calls';
import * as calls from '@music-review/core/contracts/calls';
import { fillPath } from '@music-review/core/endpoint';
import type { ApiClient } from '../../../lib/api-client';
import { inTurn } from './membership-queue';

/**
 * POST /api/v1/calls/{id}/leave, for the visit that joined at `joinedAt` (so a late leave of this page
 * cannot undo the join of its next load).
 */
export function leaveCall(api: ApiClient, callId: string, joinedAt?: string) {
  const body: LeaveCallBody = joinedAt ? { joined_at: joinedAt } : {};
  return inTurn(() => api.call(calls.leaveCall, { params: { id: callId }, body }));
}

/**
 * The leave request while the page unloads (tab closed, reload): a keepalive fetch outlives the page
 * and, unlike a beacon, carries the Authorization header. The API client has no keepalive, so this
 * one request is sent by hand, to the path of the same contract.
 */
export function leaveCallOnUnload(callId: string, accessToken: string | null, joinedAt?: string) {
  if (!accessToken || typeof fetch !== 'function') return;
  const body: LeaveCallBody = joinedAt ? { joined_at: joinedAt } : {};
  void fetch(fillPath(calls.leaveCall.path, { id: callId }), {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {});
}
