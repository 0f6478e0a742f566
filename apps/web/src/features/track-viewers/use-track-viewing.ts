import { TRACK_VIEWER_HEARTBEAT_MS, type TrackViewerPage } from '@music-review/core/track-viewers';
import { useEffect, useRef } from 'react';
import { useApiClient } from '../../lib/api-context';
import { useMe } from '../../lib/me';
import { useRealtimeTopic } from '../../lib/realtime-context';
import { sendTrackViewing } from './api/send-track-viewing';
import { stopTrackViewing } from './api/stop-track-viewing';

/** Removals of our viewing that arrive together are answered with one announcement, this much later. */
export const REANNOUNCE_DELAY_MS = 300;

/**
 * Tells the team the member is on a song's page (spec sections 3 and 9): PUT at once and every 15 s
 * while mounted, DELETE when leaving (unmount, another song or page). Errors are only logged (spec
 * section 8). When the member's viewing of this song is removed while they are still here (the
 * presence heartbeat of a page outside the signed song's tabs, or another tab leaving the same
 * song), it is announced again right away instead of at the next heartbeat.
 */
export function useTrackViewing(songId: string | null | undefined, page: TrackViewerPage) {
  const api = useApiClient();
  const me = useMe();
  const reviewerId = me.data?.reviewer?.id;
  const reannounce = useRef<(() => void) | null>(null);

  // Leaving the song (not just switching its tabs) ends the viewing.
  useEffect(() => {
    if (!songId) return;
    return () => {
      stopTrackViewing(api, songId).catch((error: unknown) => console.warn('Could not stop viewing', error));
    };
  }, [api, songId]);

  useEffect(() => {
    if (!songId) return;
    const send = () =>
      sendTrackViewing(api, songId, page).catch((error: unknown) =>
        console.warn('Track viewer heartbeat failed', error),
      );
    send();
    const every = setInterval(send, TRACK_VIEWER_HEARTBEAT_MS);
    let pending: ReturnType<typeof setTimeout> | undefined;
    reannounce.current = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        send();
      }, REANNOUNCE_DELAY_MS);
    };
    return () => {
      clearInterval(every);
      clearTimeout(pending);
      reannounce.current = null;
    };
  }, [api, songId, page]);

  useRealtimeTopic('table:track_viewers', (change) => {
    if (change.event !== 'DELETE' || !songId || change.song_id !== songId) return;
    if (!reviewerId || change.reviewer_id !== reviewerId) return;
    reannounce.current?.();
  });
}
