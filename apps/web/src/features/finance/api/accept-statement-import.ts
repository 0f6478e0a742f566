import { acceptStatementImport } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { financeKeys } from './keys';

/**
 * POST /api/v1/finance/imports/{id}/accept: imports the good lines of an import that found bad
 * ones; its lines then count in Unmatched and the summary. 409 when it has moved on meanwhile; either way all of finance is read again.
 */
export function useAcceptStatementImport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(acceptStatementImport, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
