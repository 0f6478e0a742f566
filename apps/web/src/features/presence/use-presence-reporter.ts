import { isPresenceStatus, PRESENCE_HEARTBEAT_MS, type PresenceStatus } from '@music-review/core/presence';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useApiClient } from '../../lib/api-context';
import { useAuthStore } from '../../lib/auth/auth-context';
import { readStorage, writeStorage } from '../../lib/local-storage';
import { useMe } from '../../lib/me';
import { presenceContextFor } from './activity';
import { sendHeartbeat } from './api/send-heartbeat';
import { sendOfflineBeacon } from './api/send-offline-beacon';

/** The status the member chose in the user menu, remembered on the device. */
export const CHOSEN_STATUS_KEY = 'presence-status';

/**
 * Going away waits this long after the page is hidden: a quick tab switch sends nothing, and when
 * the page is being closed the offline beacon goes out alone (an away heartbeat racing it could
 * arrive last and leave the member away instead of offline).
 */
export const AWAY_DELAY_MS = 1_000;

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function usePageVisible() {
  return useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

function readChosenStatus(): PresenceStatus {
  const stored = readStorage(CHOSEN_STATUS_KEY);
  return isPresenceStatus(stored) ? stored : 'online';
}

/**
 * Reports the member's presence from the shell (spec sections 4, 7 and 9): a heartbeat every 30 s and
 * on every change of status or page, with the activity and the signed song page being viewed; away
 * while the page is hidden, online again when it is shown; the offline beacon on page unload.
 * Errors are only logged (spec section 8).
 */
export function usePresenceReporter() {
  const api = useApiClient();
  const store = useAuthStore();
  const me = useMe();
  const { pathname } = useLocation();
  const isVisible = usePageVisible();
  const [chosen, setChosen] = useState<PresenceStatus>(readChosenStatus);
  const [resendKey, setResendKey] = useState(0);
  const isSigningOut = useRef(false);

  const status: PresenceStatus = chosen === 'online' && !isVisible ? 'away' : chosen;
  const isAutoAway = chosen === 'online' && status === 'away';
  const { activity, viewing } = useMemo(() => presenceContextFor(pathname), [pathname]);
  const viewingSongId = viewing?.song_id;
  const viewingPage = viewing?.page;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resendKey asks for a heartbeat now (page restored from the back-forward cache)
  useEffect(() => {
    const send = () => {
      if (isSigningOut.current) return;
      sendHeartbeat(api, {
        status,
        current_activity: activity,
        viewing: viewingSongId && viewingPage ? { song_id: viewingSongId, page: viewingPage } : null,
      }).catch((error: unknown) => console.warn('Presence heartbeat failed', error));
    };
    const first = setTimeout(send, isAutoAway ? AWAY_DELAY_MS : 0);
    const every = setInterval(send, PRESENCE_HEARTBEAT_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [api, status, isAutoAway, activity, viewingSongId, viewingPage, resendKey]);

  const reviewerId = me.data?.reviewer?.id;
  const organizationId = me.data?.reviewer?.organization_id ?? undefined;
  useEffect(() => {
    // Also when the page goes into the back-forward cache: it reports itself again if it comes back.
    const onPageHide = () => {
      const token = store.getAccessToken();
      if (!token || isSigningOut.current) return;
      sendOfflineBeacon({
        access_token: token,
        ...(reviewerId ? { reviewer_id: reviewerId } : {}),
        ...(organizationId ? { organization_id: organizationId } : {}),
      });
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setResendKey((key) => key + 1);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [store, reviewerId, organizationId]);

  // Another tab changed the chosen status: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CHOSEN_STATUS_KEY) setChosen(readChosenStatus());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const chooseStatus = useCallback((next: PresenceStatus) => {
    writeStorage(CHOSEN_STATUS_KEY, next);
    setChosen(next);
  }, []);

  /** Before signing out: offline now, and no more heartbeats from this page. Never throws. */
  const goOffline = useCallback(async () => {
    isSigningOut.current = true;
    try {
      await sendHeartbeat(api, { status: 'offline' });
    } catch (error) {
      console.warn('Could not mark you offline', error);
    }
  }, [api]);

  return { chosenStatus: chosen, status, chooseStatus, goOffline };
}
