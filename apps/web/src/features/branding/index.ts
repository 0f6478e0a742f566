/** The branding feature's public surface: what other features and the app's pages use. */
export { BrandingEditor } from './components/branding-editor';
