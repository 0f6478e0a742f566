import { listProfileSessions } from '@music-review/core/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export const sessionsQueryKey = ['profile', 'sessions'] as const;

/** GET /api/v1/profile/sessions: where the account is signed in, this device first. */
export function useSessions() {
  const api = useApiClient();
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => api.call(listProfileSessions, { signal }),
    // "Last active" changes as other devices refresh: read it again whenever the page is opened.
    staleTime: 0,
  });
}
