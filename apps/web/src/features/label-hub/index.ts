/** The label-hub feature's public surface: what other features and the app use. */
export { organizationQueryKey } from './api/get-organization';
