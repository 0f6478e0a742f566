import { listMetadataForms } from '@music-review/core/contracts/metadata-forms';
import type { MetadataFormStatus, MetadataFormSummaryDto } from '@music-review/core/metadata-forms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { metadataFormsQueryKey, useMetadataFormsRefresh } from './metadata-forms-cache';

export interface MetadataFormListFilters {
  status: MetadataFormStatus | '';
  q: string;
}

export const metadataFormListQueryKey = (filters: MetadataFormListFilters) =>
  [...metadataFormsQueryKey, 'list', filters] as const;

/** GET /api/v1/metadata-forms: the label's forms across its songs, by status and a search on the song. */
export function useMetadataFormList(filters: MetadataFormListFilters) {
  const api = useApiClient();
  useMetadataFormsRefresh();
  return useQuery<MetadataFormSummaryDto[]>({
    queryKey: metadataFormListQueryKey(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api
        .call(listMetadataForms, {
          // Empty filters are left out of the query string.
          query: {
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.q ? { q: filters.q } : {}),
          },
          signal,
        })
        .then((body) => body.forms),
  });
}
