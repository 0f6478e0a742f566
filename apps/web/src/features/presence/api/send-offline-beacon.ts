import { sendPresenceOfflineBeacon } from '@music-review/core/contracts/presence';
import type { PresenceOfflineBeacon } from '@music-review/core/presence';

/**
 * POST /api/presence/offline as a beacon, which the browser still delivers while the page unloads.
 * A beacon cannot carry an Authorization header, so the access token travels in the body; sent as a
 * string (text/plain), it needs no preflight. The API client cannot send a beacon, so this one
 * request goes out by hand, to the path of its contract.
 */
export function sendOfflineBeacon(beacon: PresenceOfflineBeacon): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(sendPresenceOfflineBeacon.path, JSON.stringify(beacon));
  } catch {
    return false;
  }
}
