import { listStatementImports } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys, IMPORT_CHOICES_LIMIT } from './accounting-keys';

/**
 * GET /api/v1/finance/imports (the newest 200): the imported statements a period run may use. Only
 * an imported import's lines count in a period, so the others are left out.
 */
export function useImportChoices() {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.importChoices,
    queryFn: async ({ signal }) => {
      const page = await api.call(listStatementImports, { query: { limit: IMPORT_CHOICES_LIMIT }, signal });
      return page.rows.filter((row) => row.status === 'imported');
    },
  });
}
