import type { SignContractBody } from '@music-review/core/contracts';
import { signContract } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/**
 * POST /api/v1/public/contracts/{id}/sign (public, the token in the body): a typed or drawn signature.
 * It spends the link; the last signer's completes the signed PDF.
 */
export function useSignContract(contractId: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: SignContractBody) => api.call(signContract, { params: { id: contractId }, body }),
  });
}
