import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import { playerKeyAction } from './keyboard';
import { type AudioTrack, initialPlayerState, type PlayerState, playerReducer } from './player-state';
import { type SignedUrl, shouldRefreshSignedUrl } from './signed-url';
import { useSignedUrlSource } from './signed-url-source';

/** Spec section 9: skip step and audio load time-out. */
export const SKIP_SECONDS = 10;
export const AUDIO_LOAD_TIMEOUT_MS = 10_000;
export const AUDIO_TIMEOUT_MESSAGE = 'Audio load timeout: the audio did not load within 10 seconds';
export const AUDIO_READ_FAILED_MESSAGE = 'Failed to read audio file';
// How often a loaded track's URL is checked against its expiry.
const REFRESH_CHECK_MS = 30_000;

export interface PlayerContextValue {
  state: PlayerState;
  /** Why the current track cannot play (time-out, unreadable file, no URL), else null. */
  error: string | null;
  setTrack(track: AudioTrack): void;
  play(): void;
  pause(): void;
  toggle(): void;
  /** Plays this track: toggles it when it is the current one, otherwise loads it and starts it. */
  playTrack(track: AudioTrack): void;
  seek(seconds: number): void;
  skip(deltaSeconds: number): void;
}

const PlayerContext = createContext<PlayerContextValue | null>(null);

interface LoadState {
  id: number;
  signed: SignedUrl | null;
  fileKey: string | null;
  /** Position to restore once the metadata is in (initial time, or the spot before a refresh). */
  pendingSeek: number | null;
  /** Start playing as soon as the audio can play (autoPlay, a play before loading finished). */
  playWhenReady: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

const isAbortError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * The one audio element of the app and its state (spec sections 3 and 4). It sits in the shell,
 * above the router's outlet, so playback carries on across pages.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  // The session's signing, or a metadata form's token on the artist's public page.
  const { sign } = useSignedUrlSource();
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [error, setError] = useState<string | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const load = useRef<LoadState>({
    id: 0,
    signed: null,
    fileKey: null,
    pendingSeek: null,
    playWhenReady: false,
    timer: null,
  });

  const clearLoadTimer = useCallback(() => {
    if (load.current.timer) clearTimeout(load.current.timer);
    load.current.timer = null;
  }, []);

  const startAudio = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !stateRef.current.currentTrack) return;
    if (!audio.getAttribute('src') || audio.readyState < 2) {
      // Still loading: start once it can play.
      load.current.playWhenReady = true;
      return;
    }
    dispatch({ type: 'play' });
    let result: Promise<void> | undefined;
    try {
      result = audio.play();
    } catch (playError) {
      if (!isAbortError(playError)) dispatch({ type: 'pause' });
      return;
    }
    // An interrupted play (a new source, a pause) rejects with AbortError: not a failure.
    result?.catch((playError: unknown) => {
      if (!isAbortError(playError)) dispatch({ type: 'pause' });
    });
  }, []);

  /** Points the element at a URL and arms the 10 s time-out for its metadata. */
  const loadSource = useCallback(
    (url: string, loadId: number) => {
      const audio = audioRef.current;
      if (!audio || load.current.id !== loadId) return;
      clearLoadTimer();
      load.current.timer = setTimeout(() => {
        if (load.current.id !== loadId) return;
        load.current.playWhenReady = false;
        setError(AUDIO_TIMEOUT_MESSAGE);
        dispatch({ type: 'pause' });
      }, AUDIO_LOAD_TIMEOUT_MS);
      audio.src = url;
      audio.load();
    },
    [clearLoadTimer],
  );

  const setTrack = useCallback(
    (track: AudioTrack) => {
      const loadId = load.current.id + 1;
      clearLoadTimer();
      load.current = {
        id: loadId,
        signed: null,
        fileKey: track.audioFileKey ?? null,
        pendingSeek: track.initialTime > 0 ? track.initialTime : null,
        playWhenReady: track.autoPlay,
        timer: null,
      };
      setError(null);
      dispatch({ type: 'setTrack', track });
      const audio = audioRef.current;
      if (audio && !audio.paused) audio.pause();

      if (track.url) {
        loadSource(track.url, loadId);
        return;
      }
      if (!track.audioFileKey) {
        setError(AUDIO_READ_FAILED_MESSAGE);
        return;
      }
      // The time-out covers the whole load, signing included.
      load.current.timer = setTimeout(() => {
        if (load.current.id !== loadId) return;
        load.current.playWhenReady = false;
        setError(AUDIO_TIMEOUT_MESSAGE);
      }, AUDIO_LOAD_TIMEOUT_MS);
      sign(track.audioFileKey).then(
        (signed) => {
          if (load.current.id !== loadId) return;
          load.current.signed = signed;
          loadSource(signed.url, loadId);
        },
        (signError: unknown) => {
          if (load.current.id !== loadId) return;
          clearLoadTimer();
          load.current.playWhenReady = false;
          setError(signError instanceof Error ? signError.message : AUDIO_READ_FAILED_MESSAGE);
        },
      );
    },
    [sign, clearLoadTimer, loadSource],
  );

  /** A fresh URL for the same file, keeping the position and whether it was playing. */
  const refreshUrl = useCallback(async () => {
    const audio = audioRef.current;
    const { fileKey, id: loadId } = load.current;
    if (!audio || !fileKey) return;
    try {
      const signed = await sign(fileKey);
      if (load.current.id !== loadId) return;
      load.current.signed = signed;
      load.current.pendingSeek = audio.currentTime;
      load.current.playWhenReady = load.current.playWhenReady || !audio.paused;
      loadSource(signed.url, loadId);
    } catch {
      // The old URL still has a few minutes; the next check tries again.
    }
  }, [sign, loadSource]);

  const play = useCallback(() => {
    const signed = load.current.signed;
    if (signed && shouldRefreshSignedUrl(signed.expiresAt)) {
      load.current.playWhenReady = true;
      void refreshUrl();
      return;
    }
    startAudio();
  }, [refreshUrl, startAudio]);

  const pause = useCallback(() => {
    load.current.playWhenReady = false;
    const audio = audioRef.current;
    if (audio && !audio.paused) audio.pause();
    dispatch({ type: 'pause' });
  }, []);

  const toggle = useCallback(() => {
    if (stateRef.current.isPlaying) pause();
    else play();
  }, [pause, play]);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    const { duration } = stateRef.current;
    const upper = duration > 0 ? duration : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, seconds), upper);
    if (audio && audio.readyState >= 1) audio.currentTime = target;
    else load.current.pendingSeek = target;
    dispatch({ type: 'updateTime', time: target });
  }, []);

  const skip = useCallback(
    (delta: number) => {
      const audio = audioRef.current;
      const now = audio && audio.readyState >= 1 ? audio.currentTime : stateRef.current.currentTime;
      seek(now + delta);
    },
    [seek],
  );

  const playTrack = useCallback(
    (track: AudioTrack) => {
      if (stateRef.current.currentTrack?.id === track.id) toggle();
      else setTrack({ ...track, autoPlay: true });
    },
    [setTrack, toggle],
  );

  // The element's events drive the state.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onMetadata = () => {
      clearLoadTimer();
      dispatch({ type: 'updateDuration', duration: audio.duration });
      const seekTo = load.current.pendingSeek;
      if (seekTo !== null) {
        load.current.pendingSeek = null;
        audio.currentTime = seekTo;
      }
    };
    const onDuration = () => dispatch({ type: 'updateDuration', duration: audio.duration });
    const onCanPlay = () => {
      dispatch({ type: 'ready' });
      if (load.current.playWhenReady) {
        load.current.playWhenReady = false;
        startAudio();
      }
    };
    const onTime = () => dispatch({ type: 'updateTime', time: audio.currentTime });
    const onPlay = () => dispatch({ type: 'play' });
    const onPause = () => dispatch({ type: 'pause' });
    const onError = () => {
      if (!audio.getAttribute('src')) return;
      clearLoadTimer();
      load.current.playWhenReady = false;
      setError(AUDIO_READ_FAILED_MESSAGE);
      dispatch({ type: 'pause' });
    };
    const listeners: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
      ['loadedmetadata', onMetadata],
      ['durationchange', onDuration],
      ['canplay', onCanPlay],
      ['timeupdate', onTime],
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['error', onError],
    ];
    for (const [event, handler] of listeners) audio.addEventListener(event, handler);
    return () => {
      for (const [event, handler] of listeners) audio.removeEventListener(event, handler);
    };
  }, [clearLoadTimer, startAudio]);

  useEffect(() => clearLoadTimer, [clearLoadTimer]);

  // The mobile layout has no room for the message in its bar: every layout gets a toast.
  useEffect(() => {
    if (error) toast.error(error, { id: 'player-error' });
  }, [error]);

  // A long session outlives a one-hour URL: refresh it before it runs out.
  const hasTrack = state.currentTrack !== null;
  useEffect(() => {
    if (!hasTrack) return;
    const interval = setInterval(() => {
      const signed = load.current.signed;
      if (signed && shouldRefreshSignedUrl(signed.expiresAt)) void refreshUrl();
    }, REFRESH_CHECK_MS);
    return () => clearInterval(interval);
  }, [hasTrack, refreshUrl]);

  // Space plays and pauses, the arrows seek 10 s; never while the user types.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!stateRef.current.currentTrack) return;
      const action = playerKeyAction(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'toggle') toggle();
      else skip(action === 'back' ? -SKIP_SECONDS : SKIP_SECONDS);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [skip, toggle]);

  const value = useMemo<PlayerContextValue>(
    () => ({ state, error, setTrack, play, pause, toggle, playTrack, seek, skip }),
    [state, error, setTrack, play, pause, toggle, playTrack, seek, skip],
  );

  return (
    <PlayerContext.Provider value={value}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: demos are music without speech to caption */}
      <audio ref={audioRef} preload="metadata" hidden data-testid="global-audio" />
    </PlayerContext.Provider>
  );
}

/** The global player. Spec section 8: using it outside its provider throws. */
export function usePlayer(): PlayerContextValue {
  const value = useContext(PlayerContext);
  if (!value) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return value;
}
