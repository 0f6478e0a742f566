import { createApiClient } from '../../../lib/api-client';

/**
 * The public pages' client: the artist has no account and the token in the path is the only
 * credential, so these calls carry no session (a member trying a link is treated like the artist).
 */
export const publicApi = createApiClient({ getAccessToken: () => null, refreshSession: async () => null });
