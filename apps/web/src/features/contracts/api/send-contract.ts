import type { SendContractBody } from '@music-review/core/contracts';
import { sendContract } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateContracts } from './contracts-cache';

/**
 * POST /api/v1/contracts/{id}/send: freezes the draft's PDF and mails each signer their links. The
 * answer holds the signing links, shown this once.
 */
export function useSendContract() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SendContractBody }) =>
      api.call(sendContract, { params: { id }, body }),
    onSuccess: invalidate,
  });
}
