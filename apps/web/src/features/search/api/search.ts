import { searchLabel } from '@music-review/core/contracts/search';
import { isSearchable, type SearchResultsDto } from '@music-review/core/search';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../../lib/api-context';

export const searchQueryKey = (query: string) => ['search', query] as const;

/**
 * GET /api/v1/search?q= for an already debounced, trimmed query. Answers the results to show: the
 * latest successful ones while a newer search runs or after it failed (spec section 8: search
 * errors are only logged and the results are not updated), and null below 2 characters.
 */
export function useSearchResults(query: string) {
  const api = useApiClient();
  const enabled = isSearchable(query);
  const search = useQuery({
    queryKey: searchQueryKey(query),
    queryFn: ({ signal }) => api.call(searchLabel, { query: { q: query }, signal }),
    enabled,
    // Typing back to an earlier query shows its answer at once; a search is not worth retrying.
    staleTime: 30_000,
    retry: false,
  });

  const [shown, setShown] = useState<SearchResultsDto | null>(null);
  useEffect(() => {
    if (!enabled) setShown(null);
    else if (search.data) setShown(search.data);
  }, [enabled, search.data]);

  useEffect(() => {
    // console.warn, not console.error: a failed search is not a fault of the page.
    if (search.error) console.warn('Search failed:', search.error.message);
  }, [search.error]);

  return { results: enabled ? shown : null, isSearching: enabled && search.isFetching };
}
