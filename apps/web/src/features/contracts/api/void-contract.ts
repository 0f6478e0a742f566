import { voidContract } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateContracts } from './contracts-cache';

/** POST /api/v1/contracts/{id}/void: a contract waiting for signatures ends; its links stop working. */
export function useVoidContract() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: (id: string) => api.call(voidContract, { params: { id } }),
    onSuccess: invalidate,
  });
}
