/** The contracts feature's public surface: what other features and the app use. */
export { useDecline } from './api/decline-contract';
export { usePublicDecline } from './api/open-contract-decline';
export { ContractsTab } from './components/contracts-tab';
