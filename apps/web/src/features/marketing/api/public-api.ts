import { createApiClient } from '../../../lib/api-client';

/**
 * The client of the public marketing pages: no session, the link's token is the credential (never
 * the signed-in user's token, even when a label member opens the link).
 */
export const publicApi = createApiClient({ getAccessToken: () => null, refreshSession: async () => null });
