import { reissueContractSignerLinks } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateContracts } from './contracts-cache';

/**
 * POST /api/v1/contracts/{id}/signers/{signerId}/links: a pending signer's fresh links; the old ones
 * stop working. The new signing link is in this answer only.
 */
export function useReissueSignerLinks() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: ({ id, signerId }: { id: string; signerId: string }) =>
      api.call(reissueContractSignerLinks, { params: { id, signerId } }),
    onSuccess: invalidate,
  });
}
