/** The metadata feature's public surface: what other features and the app use. */
export { MetadataTab } from './components/metadata-tab';
