import { useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { useAuth } from './auth/auth-context';
import { needsMfaStep } from './auth/session';
import { meQuery } from './me-query';

export { meQueryKey } from './me-query';

/** The signed-in account with its reviewer record and organization (GET /api/v1/me). */
export function useMe() {
  const api = useApiClient();
  const { status, session } = useAuth();
  return useQuery({
    ...meQuery(api, session?.user.id ?? null),
    enabled: status === 'signed_in' && session !== null && !session.isRecovery && !needsMfaStep(session),
  });
}
