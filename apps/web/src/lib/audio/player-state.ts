import type { LoadedWaveform } from '@music-review/core/waveform';

/** Spec section 3, audio track state. The URL is resolved lazily from `audioFileKey`. */
export interface AudioTrack {
  id: string;
  title: string;
  /** Shown only when hasReviewed: the artist stays hidden until the user has reviewed the song. */
  artist: string | null;
  /** A ready URL to play; when absent the player asks get-signed-url for `audioFileKey`. */
  url?: string | null;
  audioFileKey?: string | null;
  waveform?: LoadedWaveform | null;
  /** Seconds to start from. */
  initialTime: number;
  hasReviewed: boolean;
  autoPlay: boolean;
}

/** Spec section 3, player state, exactly. */
export interface PlayerState {
  isPlaying: boolean;
  currentTrack: AudioTrack | null;
  /** Whole seconds. */
  currentTime: number;
  duration: number;
  isReady: boolean;
}

export type PlayerAction =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'setTrack'; track: AudioTrack }
  | { type: 'updateTime'; time: number }
  | { type: 'updateDuration'; duration: number }
  | { type: 'ready' };

export const initialPlayerState: PlayerState = {
  isPlaying: false,
  currentTrack: null,
  currentTime: 0,
  duration: 0,
  isReady: false,
};

const wholeSeconds = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** Spec section 4, Player: the six actions and nothing else. */
export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'play':
      // Nothing to play without a track.
      return state.currentTrack && !state.isPlaying ? { ...state, isPlaying: true } : state;
    case 'pause':
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    case 'setTrack':
      // A new track starts paused and not ready, at its initial time; its duration is unknown yet.
      return {
        isPlaying: false,
        currentTrack: action.track,
        currentTime: wholeSeconds(action.track.initialTime),
        duration: 0,
        isReady: false,
      };
    case 'updateTime': {
      const time = wholeSeconds(action.time);
      return time === state.currentTime ? state : { ...state, currentTime: time };
    }
    case 'updateDuration': {
      const duration = Number.isFinite(action.duration) && action.duration > 0 ? action.duration : 0;
      return duration === state.duration ? state : { ...state, duration };
    }
    case 'ready':
      return state.isReady ? state : { ...state, isReady: true };
  }
}
