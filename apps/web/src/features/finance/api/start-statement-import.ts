import { startStatementImport } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { StartImportBody } from '../finance-types';
import { financeKeys } from './keys';

/**
 * POST /api/v1/finance/imports: starts the job that reads, checks and loads an uploaded statement
 * (202 with the import). 422 names each mapping field's problem; 409 is a file imported already.
 */
export function useStartStatementImport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartImportBody) => api.call(startStatementImport, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: financeKeys.imports });
      void queryClient.invalidateQueries({ queryKey: financeKeys.summary });
    },
  });
}
