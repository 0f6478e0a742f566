import type { LeaveCallBody } from '@music-review/core/calls';
import * as calls from '@music-review/core/contracts/calls';
import { fillPath } from '@music-review/core/endpoint';
import type { ApiClient } from '../../../lib/api-client';

/**
 * Joins and leaves of this tab go out one after another: a page that unmounts and mounts again at
 * once (React's development double effects, a quick reload of the route) must not have its leave
 * overtake the next join.
 */
let membershipChain: Promise<unknown> = Promise.resolve();

function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = membershipChain.then(task, task);
  membershipChain = run.catch(() => undefined);
  return run;
}

/** POST /api/v1/calls/{id}/join: the call with its participants, and where our signals start. */
export function joinCall(api: ApiClient, callId: string) {
  return inTurn(() => api.call(calls.joinCall, { params: { id: callId } }));
}

/**
 * POST /api/v1/calls/{id}/leave, for the visit that joined at `joinedAt` (so a late leave of this page
 * cannot undo the join of its next load).
 */
export function leaveCall(api: ApiClient, callId: string, joinedAt?: string) {
  const body: LeaveCallBody = joinedAt ? { joined_at: joinedAt } : {};
  return inTurn(() => api.call(calls.leaveCall, { params: { id: callId }, body }));
}

/**
 * POST /api/v1/calls/{id}/heartbeat: this page is still in the call. Sent every CALL_HEARTBEAT_MS; a
 * page that stops (closed without its leave, crashed, offline) is dropped after one missed beat.
 */
export function sendCallHeartbeat(api: ApiClient, callId: string) {
  return api.call(calls.sendCallHeartbeat, { params: { id: callId } });
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
