import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Spec section 9: 5-minute freshness, 30-minute retention, one retry, no refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        refetchOnWindowFocus: false,
        // The one retry is for failures that may pass on a second try, not for a 4xx answer.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
