/** The contracts feature's public surface: what other features and the app use. */
export { useDecline, usePublicDecline } from './api/contracts-api';
export { ContractsTab } from './components/contracts-tab';
