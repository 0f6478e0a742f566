import { deleteContract } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateContracts } from './contracts-cache';

/** DELETE /api/v1/contracts/{id}: deletes a draft and its PDF (a sent contract is voided instead). */
export function useDeleteContract() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: (id: string) => api.call(deleteContract, { params: { id } }),
    onSuccess: invalidate,
  });
}
