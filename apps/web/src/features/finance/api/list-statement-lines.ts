import { listStatementLines } from '@music-review/core/contracts/royalties';
import type { IdentifierKind } from '@music-review/core/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { financeKeys, GROUP_LINES_LIMIT } from './keys';

/**
 * GET /api/v1/finance/lines for one unmatched group (its source and identifier): its first 100 lines,
 * each with the raw row as the statement had it, and how many there are.
 */
export function useGroupLines(group: {
  source: string;
  identifier_kind: IdentifierKind;
  identifier: string;
}) {
  const api = useApiClient();
  return useQuery({
    queryKey: financeKeys.lines(group),
    queryFn: ({ signal }) =>
      api.call(listStatementLines, {
        query: {
          source: group.source,
          identifier_kind: group.identifier_kind,
          identifier: group.identifier,
          limit: GROUP_LINES_LIMIT,
        },
        signal,
      }),
  });
}
