/** The assets feature's public surface: what other features and the app use. */
export { ArtistAssetsTab } from './components/artist-assets-tab';
export { ReleaseAssetsTab } from './components/release-assets-tab';
