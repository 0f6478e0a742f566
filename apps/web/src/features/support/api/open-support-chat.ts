import { openConversation } from '@music-review/core/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/**
 * POST /api/v1/conversations {type: 'support'}: the caller's support conversation, created or found.
 * The server decides the plan gate (403 `plan_required`; on Starter the first one is the trial).
 */
export function useOpenSupportChat() {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.call(openConversation, { body: { type: 'support' } }),
  });
}
