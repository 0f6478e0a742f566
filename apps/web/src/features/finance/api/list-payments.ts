import { listPayments } from '@music-review/core/contracts/royalties';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { PAYMENTS_PAGE_SIZE, paymentsKeys } from './payments-keys';

/** GET /api/v1/finance/payments: the payments recorded, newest first, 50 at a time. */
export function usePayments({ enabled = true } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: paymentsKeys.history,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listPayments, { query: { limit: PAYMENTS_PAGE_SIZE, offset: pageParam }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.rows.length;
      return lastPage.rows.length > 0 && next < lastPage.total ? next : undefined;
    },
  });
}
