import { startCall } from '@music-review/core/contracts/calls';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/**
 * POST /api/v1/conversations/{id}/calls: starts a call (or hands back the one going on) and posts
 * its join link in the conversation.
 */
export function useStartCall() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (conversationId: string) => api.call(startCall, { params: { id: conversationId } }),
  });
}
