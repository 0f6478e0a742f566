import type { MeDto } from '@music-review/core/api';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { useAuth } from './auth/auth-context';
import { needsMfaStep } from './auth/session';

/** Prefix of every /me query; invalidate it after anything that changes the membership. */
export const meQueryKey = ['me'] as const;

/** The signed-in account with its reviewer record and organization (GET /api/v1/me). */
export function useMe() {
  const api = useApiClient();
  const { status, session } = useAuth();
  return useQuery({
    queryKey: [...meQueryKey, session?.user.id ?? null],
    queryFn: ({ signal }) => api.get<MeDto>('/api/v1/me', { signal }),
    enabled: status === 'signed_in' && session !== null && !session.isRecovery && !needsMfaStep(session),
  });
}
