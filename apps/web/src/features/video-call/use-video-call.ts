import type { CallDto, JoinedCallDto } from '@music-review/core/calls';
import { CALL_HEARTBEAT_MS, CALL_SIGNALS_PAGE_MAX } from '@music-review/core/calls';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { isApiError } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-context';
import { useAuthStore } from '../../lib/auth/auth-context';
import { useMe } from '../../lib/me';
import { useRealtimeTopic } from '../../lib/realtime-context';
import { callQueryKey, useCall } from './api/get-call';
import { getCallSignals } from './api/get-call-signals';
import { getIceServers } from './api/get-ice-servers';
import { joinCall } from './api/join-call';
import { leaveCall, leaveCallOnUnload } from './api/leave-call';
import { sendCallHeartbeat } from './api/send-call-heartbeat';
import { sendCallSignal } from './api/send-call-signal';
import { CallSession, type CallSessionSnapshot } from './call-session';
import { acquireLocalMedia, type LocalMedia, stopTracks } from './local-media';

/** Signals are pushed (a call_signals change) and also polled, so a missed change only delays a step. */
const SIGNAL_POLL_MS = 2_500;

export type CallPhase = 'joining' | 'joined' | 'left' | 'unavailable' | 'failed';

const EMPTY: CallSessionSnapshot = { peers: [] };
const noSubscription = () => () => {};

function withoutCursor({ signal_cursor: _cursor, ...call }: JoinedCallDto): CallDto {
  return call;
}

/**
 * A call page's whole life: the camera and microphone, joining, the peer connections and their
 * signalling, the media switches, and leaving (by the button, by leaving the page, or by closing it).
 */
export function useVideoCall(callId: string) {
  const api = useApiClient();
  const authStore = useAuthStore();
  const queryClient = useQueryClient();
  const selfId = useMe().data?.reviewer?.id ?? null;

  const [phase, setPhase] = useState<CallPhase>('joining');
  const [joinError, setJoinError] = useState<string | null>(null);
  const [media, setMedia] = useState<LocalMedia | null>(null);
  const [session, setSession] = useState<CallSession | null>(null);
  const [isMuted, setIsMuted] = useState(false);
  const [isCameraOff, setIsCameraOff] = useState(false);
  const [screenTrack, setScreenTrack] = useState<MediaStreamTrack | null>(null);

  const sessionRef = useRef<CallSession | null>(null);
  const screenRef = useRef<MediaStreamTrack | null>(null);
  const hasLeftRef = useRef(false);
  /** When this visit joined: its leave names it. */
  const joinedAtRef = useRef<string | undefined>(undefined);
  const cursorRef = useRef(0);
  const pullingRef = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  const call = useCall(callId);
  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getSnapshot ?? (() => EMPTY),
  );

  /** Fetches the signals after the cursor and hands them over, one fetch at a time. */
  const pullSignals = useCallback(async () => {
    const state = pullingRef.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        const current = sessionRef.current;
        if (!current) break;
        const signals = await getCallSignals(api, callId, cursorRef.current);
        if (sessionRef.current !== current) break;
        if (signals.length > 0) {
          cursorRef.current = signals[signals.length - 1]!.sequence;
          current.handleSignals(signals);
          if (signals.length >= CALL_SIGNALS_PAGE_MAX) state.again = true;
        }
      } while (state.again);
    } catch {
      // The next change or poll tries again.
    } finally {
      state.running = false;
    }
  }, [api, callId]);

  // Join once we know who we are; leave when the page goes away.
  useEffect(() => {
    if (!selfId) return;
    let cancelled = false;
    let joined = false;
    let acquired: LocalMedia | null = null;
    let created: CallSession | null = null;
    hasLeftRef.current = false;
    setPhase('joining');

    void (async () => {
      const [iceServers, localMedia] = await Promise.all([getIceServers(api), acquireLocalMedia()]);
      acquired = localMedia;
      if (cancelled) {
        stopTracks(localMedia.audioTrack, localMedia.videoTrack);
        return;
      }
      setMedia(localMedia);
      let result: JoinedCallDto;
      try {
        result = await joinCall(api, callId);
      } catch (error) {
        stopTracks(localMedia.audioTrack, localMedia.videoTrack);
        if (cancelled) return;
        const isNotFound = isApiError(error) && error.status === 404;
        setPhase(isNotFound ? 'unavailable' : 'failed');
        setJoinError(isApiError(error) ? error.message : 'Could not join the call. Please try again.');
        return;
      }
      joined = true;
      const joinedAt = result.participants.find((p) => p.reviewer_id === selfId)?.joined_at;
      if (cancelled) {
        void leaveCall(api, callId, joinedAt).catch(() => {});
        return;
      }
      joinedAtRef.current = joinedAt;
      cursorRef.current = result.signal_cursor;
      created = new CallSession({
        selfId,
        iceServers,
        audioTrack: localMedia.audioTrack,
        videoTrack: localMedia.videoTrack,
        sendSignal: (to, kind, payload) => sendCallSignal(api, callId, { to, kind, payload }),
      });
      sessionRef.current = created;
      setSession(created);
      queryClient.setQueryData(callQueryKey(callId), withoutCursor(result));
      created.setParticipants(result.participants);
      setPhase('joined');
      void pullSignals();
    })();

    const onPageHide = () => {
      if (joined && !hasLeftRef.current) {
        leaveCallOnUnload(callId, authStore.getAccessToken(), joinedAtRef.current);
      }
    };
    window.addEventListener('pagehide', onPageHide);

    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', onPageHide);
      created?.close();
      if (sessionRef.current === created) sessionRef.current = null;
      stopTracks(acquired?.audioTrack, acquired?.videoTrack, screenRef.current);
      screenRef.current = null;
      if (joined && !hasLeftRef.current) void leaveCall(api, callId, joinedAtRef.current).catch(() => {});
    };
  }, [api, authStore, callId, selfId, queryClient, pullSignals]);

  // Who is in the call: from the participants query (pushed and polled) into the session.
  useEffect(() => {
    if (session && call.data && phase === 'joined') session.setParticipants(call.data.participants);
  }, [session, call.data, phase]);

  const conversationId = call.data?.conversation_id;
  useRealtimeTopic('table:call_participants', (change) => {
    if (change.conversation_id && conversationId && change.conversation_id !== conversationId) return;
    void queryClient.invalidateQueries({ queryKey: callQueryKey(callId) });
  });
  useRealtimeTopic('table:call_signals', () => void pullSignals());
  useEffect(() => {
    if (phase !== 'joined') return;
    const timer = setInterval(() => void pullSignals(), SIGNAL_POLL_MS);
    return () => clearInterval(timer);
  }, [phase, pullSignals]);

  // While in the call, the heartbeat tells the server this page is still here. A 409 means the
  // server dropped us already (a missed beat: the computer slept, the network was gone): the others
  // saw us leave, so the page says so too instead of showing a call nobody hears.
  useEffect(() => {
    if (phase !== 'joined') return;
    const timer = setInterval(() => {
      sendCallHeartbeat(api, callId).catch((error) => {
        if (!isApiError(error) || error.status !== 409 || hasLeftRef.current) return;
        hasLeftRef.current = true;
        setPhase('left');
        sessionRef.current?.close();
        sessionRef.current = null;
        stopTracks(media?.audioTrack, media?.videoTrack, screenRef.current);
        screenRef.current = null;
        toast.error('You were disconnected from the call.');
      });
    }, CALL_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [phase, api, callId, media]);

  // ---- Controls ----

  const toggleMute = () => {
    const track = media?.audioTrack;
    if (!track) return;
    track.enabled = isMuted;
    setIsMuted(!isMuted);
  };

  const toggleCamera = () => {
    const track = media?.videoTrack;
    if (!track) return;
    track.enabled = isCameraOff;
    setIsCameraOff(!isCameraOff);
  };

  const stopSharing = async () => {
    const track = screenRef.current;
    screenRef.current = null;
    setScreenTrack(null);
    track?.stop();
    await sessionRef.current?.setVideoTrack(media?.videoTrack ?? null);
  };

  const toggleScreenShare = async () => {
    if (screenRef.current) {
      await stopSharing();
      return;
    }
    if (!navigator.mediaDevices?.getDisplayMedia) {
      toast.error('This browser cannot share the screen.');
      return;
    }
    let track: MediaStreamTrack | undefined;
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      track = display.getVideoTracks()[0];
    } catch (error) {
      // Closing the browser's picker is a choice, not an error.
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) {
        toast.error('Could not share your screen.');
      }
      return;
    }
    if (!track) return;
    // The browser's own "Stop sharing" bar ends the track.
    track.addEventListener('ended', () => {
      if (screenRef.current === track) void stopSharing();
    });
    screenRef.current = track;
    setScreenTrack(track);
    await sessionRef.current?.setVideoTrack(track);
  };

  const leave = async () => {
    hasLeftRef.current = true;
    setPhase('left');
    sessionRef.current?.close();
    sessionRef.current = null;
    stopTracks(media?.audioTrack, media?.videoTrack, screenRef.current);
    screenRef.current = null;
    await leaveCall(api, callId, joinedAtRef.current).catch(() => {});
  };

  return {
    phase,
    joinError,
    call: call.data ?? null,
    callError: call.error,
    selfId,
    peers: snapshot.peers,
    mediaProblem: media?.problem ?? null,
    audioTrack: media?.audioTrack ?? null,
    cameraTrack: media?.videoTrack ?? null,
    screenTrack,
    isMuted,
    isCameraOff,
    toggleMute,
    toggleCamera,
    toggleScreenShare,
    leave,
  };
}
