/** The search feature's public surface: what other features and the app use. */
export { GlobalSearch } from './components/global-search';
