import { createApiClient } from '../../../lib/api-client';

/**
 * The payee's client: the payee has no account and the token in the path is the only credential,
 * so these calls carry no session (a member opening the link is treated like the payee).
 */
export const publicApi = createApiClient({ getAccessToken: () => null, refreshSession: async () => null });
