import * as calls from '@music-review/core/contracts/calls';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

export const callQueryKey = (callId: string) => ['calls', callId] as const;

/** Who is in the call is also pushed (participant changes) and polled: a safety net for a missed change. */
export const CALL_POLL_MS = 10_000;

/** GET /api/v1/calls/{id}: 404 when the caller may not see the call's conversation. */
export function getCall(api: ApiClient, callId: string, signal?: AbortSignal) {
  return api.call(calls.getCall, { params: { id: callId }, signal });
}

export function useCall(callId: string, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: callQueryKey(callId),
    queryFn: ({ signal }) => getCall(api, callId, signal),
    enabled: options.enabled ?? true,
    refetchInterval: CALL_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}
