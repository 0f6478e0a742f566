/** The Artists & Writers feature's public surface: what other features use. */
export { usePersonLookup } from './api/find-party-by-name';
export { PersonPageLink } from './components/person-page-link';
