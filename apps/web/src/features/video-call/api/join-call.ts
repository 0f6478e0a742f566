import type { JoinedCallDto, LeaveCallBody } from '@music-review/core/calls';
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
  return inTurn(() => api.post<JoinedCallDto>(`/api/v1/calls/${encodeURIComponent(callId)}/join`));
}

/**
 * POST /api/v1/calls/{id}/leave, for the visit that joined at `joinedAt` (so a late leave of this page
 * cannot undo the join of its next load).
 */
export function leaveCall(api: ApiClient, callId: string, joinedAt?: string) {
  const body: LeaveCallBody = joinedAt ? { joined_at: joinedAt } : {};
  return inTurn(() => api.post<void>(`/api/v1/calls/${encodeURIComponent(callId)}/leave`, body));
}

/**
 * POST /api/v1/calls/{id}/heartbeat: this page is still in the call. Sent every CALL_HEARTBEAT_MS; a
 * page that stops (closed without its leave, crashed, offline) is dropped after one missed beat.
 */
export function sendCallHeartbeat(api: ApiClient, callId: string) {
  return api.post<void>(`/api/v1/calls/${encodeURIComponent(callId)}/heartbeat`);
}

/**
 * The leave request while the page unloads (tab closed, reload): a keepalive fetch outlives the page
 * and, unlike a beacon, carries the Authorization header.
 */
export function leaveCallOnUnload(callId: string, accessToken: string | null, joinedAt?: string) {
  if (!accessToken || typeof fetch !== 'function') return;
  const body: LeaveCallBody = joinedAt ? { joined_at: joinedAt } : {};
  void fetch(`/api/v1/calls/${encodeURIComponent(callId)}/leave`, {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {});
}
