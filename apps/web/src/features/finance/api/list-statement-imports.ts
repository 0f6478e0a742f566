import { listStatementImports } from '@music-review/core/contracts/royalties';
import { CANCELLABLE_IMPORT_STATUSES } from '@music-review/core/royalties';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { ImportDto } from '../finance-types';
import { financeKeys, IMPORTS_PAGE_SIZE } from './keys';

/**
 * While an import is waiting or reading, the list is asked again this often: the fallback for a
 * realtime connection that is down, so the progress bar still moves.
 */
export const IMPORT_PROGRESS_REFETCH_MS = 2000;

/** Whether an import is still on its way (waiting or reading): the ones that may be cancelled. */
export const isImportRunning = (row: Pick<ImportDto, 'status'>) =>
  CANCELLABLE_IMPORT_STATUSES.includes(row.status);

/** GET /api/v1/finance/imports: the label's statement imports, newest first, 50 at a time. */
export function useStatementImports({ enabled = true } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: financeKeys.imports,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listStatementImports, { query: { limit: IMPORTS_PAGE_SIZE, offset: pageParam }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.rows.length;
      return lastPage.rows.length > 0 && next < lastPage.total ? next : undefined;
    },
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.rows.some(isImportRunning))
        ? IMPORT_PROGRESS_REFETCH_MS
        : false,
  });
}
