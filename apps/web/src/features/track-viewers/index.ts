/** The track-viewers feature's public surface: what other features and the app use. */
export { TrackViewers } from './components/track-viewers';
export { useTrackViewing } from './use-track-viewing';
