import { deleteContractTemplate } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateContracts } from './contracts-cache';

/** DELETE /api/v1/contract-templates/{id}: contracts made from it keep their text. */
export function useDeleteTemplate() {
  const api = useApiClient();
  const invalidate = useInvalidateContracts();
  return useMutation({
    mutationFn: (id: string) => api.call(deleteContractTemplate, { params: { id } }),
    onSuccess: invalidate,
  });
}
