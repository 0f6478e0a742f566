/** The marketing feature's public surface: what other features and the app use. */
export { MarketingTab } from './components/marketing-tab';
