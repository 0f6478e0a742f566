import { cancelStatementImport } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { financeKeys } from './keys';

/**
 * POST /api/v1/finance/imports/{id}/cancel: stops an import still waiting or reading; none of
 * its lines is kept. 409 when it has moved on meanwhile; either way all of finance is read again.
 */
export function useCancelStatementImport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(cancelStatementImport, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
