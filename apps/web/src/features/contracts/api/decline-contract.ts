import { declineContract } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/**
 * POST /api/v1/public/contract-declines/{token} (public): the signer declines with a reason; the
 * contract ends and the label is told.
 */
export function useDecline(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (reason: string) => api.call(declineContract, { params: { token }, body: { reason } }),
  });
}
