import { discardStatementImport } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { financeKeys } from './keys';

/**
 * POST /api/v1/finance/imports/{id}/discard: drops an import that found bad lines; none of its
 * lines is kept. 409 when it has moved on meanwhile; either way all of finance is read again.
 */
export function useDiscardStatementImport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(discardStatementImport, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
