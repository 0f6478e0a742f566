import { getStatement } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/** GET /api/v1/finance/statements/{id}: one payee's statement, per contract, with its earnings lines. */
export function useStatement(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.statement(id),
    queryFn: ({ signal }) => api.call(getStatement, { params: { id }, signal }),
  });
}
