import { describe, expect, it } from 'vitest';
import { type AudioTrack, initialPlayerState, type PlayerState, playerReducer } from './player-state';

const track = (overrides: Partial<AudioTrack> = {}): AudioTrack => ({
  id: 'song-1',
  title: 'Midnight Drive',
  artist: null,
  audioFileKey: 'org-1/audio/song-1/demo.mp3',
  initialTime: 0,
  hasReviewed: false,
  autoPlay: false,
  ...overrides,
});

const loaded: PlayerState = {
  isPlaying: true,
  currentTrack: track(),
  currentTime: 42,
  duration: 180.5,
  isReady: true,
};

describe('playerReducer (spec sections 3 and 4)', () => {
  it('starts paused, empty, at 0 and not ready', () => {
    expect(initialPlayerState).toEqual({
      isPlaying: false,
      currentTrack: null,
      currentTime: 0,
      duration: 0,
      isReady: false,
    });
  });

  it('play sets isPlaying when a track is loaded, and does nothing without one', () => {
    expect(playerReducer({ ...loaded, isPlaying: false }, { type: 'play' }).isPlaying).toBe(true);
    expect(playerReducer(initialPlayerState, { type: 'play' })).toBe(initialPlayerState);
  });

  it('pause clears isPlaying and keeps everything else', () => {
    expect(playerReducer(loaded, { type: 'pause' })).toEqual({ ...loaded, isPlaying: false });
  });

  it('setTrack resets to paused, not ready, no duration, at the initial time', () => {
    const next = playerReducer(loaded, {
      type: 'setTrack',
      track: track({ id: 'song-2', initialTime: 12.7 }),
    });
    expect(next).toEqual({
      isPlaying: false,
      currentTrack: track({ id: 'song-2', initialTime: 12.7 }),
      currentTime: 12,
      duration: 0,
      isReady: false,
    });
  });

  it('setTrack with autoPlay still starts paused: playing begins once loaded', () => {
    expect(playerReducer(loaded, { type: 'setTrack', track: track({ autoPlay: true }) }).isPlaying).toBe(
      false,
    );
  });

  it('updateTime keeps whole seconds only, never below 0', () => {
    expect(playerReducer(loaded, { type: 'updateTime', time: 61.9 }).currentTime).toBe(61);
    expect(playerReducer(loaded, { type: 'updateTime', time: -3 }).currentTime).toBe(0);
    expect(playerReducer(loaded, { type: 'updateTime', time: Number.NaN }).currentTime).toBe(0);
    // The same whole second is no change (no re-render four times a second).
    expect(playerReducer(loaded, { type: 'updateTime', time: 42.6 })).toBe(loaded);
  });

  it('updateDuration stores a finite positive duration, 0 otherwise', () => {
    expect(playerReducer(loaded, { type: 'updateDuration', duration: 200.25 }).duration).toBe(200.25);
    expect(
      playerReducer(loaded, { type: 'updateDuration', duration: Number.POSITIVE_INFINITY }).duration,
    ).toBe(0);
    expect(playerReducer(loaded, { type: 'updateDuration', duration: Number.NaN }).duration).toBe(0);
  });

  it('ready sets isReady', () => {
    const notReady = { ...loaded, isReady: false };
    expect(playerReducer(notReady, { type: 'ready' })).toEqual({ ...notReady, isReady: true });
  });
});
