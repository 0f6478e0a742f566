import { getMe } from '@music-review/core/contracts/organizations';
import type { ApiClient } from './api-client';

/** Prefix of every /me query; invalidate it after anything that changes the membership. */
export const meQueryKey = ['me'] as const;

/**
 * The /me query of one account (GET /api/v1/me): what `useMe` reads, and what the route table
 * fetches as soon as the session is known (without React Query's hooks, kept out of the login route).
 */
export function meQuery(api: ApiClient, userId: string | null) {
  return {
    queryKey: [...meQueryKey, userId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.call(getMe, { signal }),
  };
}
