import { openStatementByLink } from '@music-review/core/contracts/royalty-statements';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from './public-api';

export const publicStatementQueryKey = (token: string) => ['public', 'royalty-statement', token] as const;

/** GET /api/v1/public/statements/{token}: the payee's statement (a refused link is not retried). */
export function usePublicStatement(token: string) {
  return useQuery({
    queryKey: publicStatementQueryKey(token),
    queryFn: ({ signal }) => publicApi.call(openStatementByLink, { params: { token }, signal }),
    retry: false,
  });
}
