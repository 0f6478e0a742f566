import { CATALOGUE_VALUE_LIMITS } from '@music-review/core/analytics-income';
import { analyticsCatalogueValue } from '@music-review/core/contracts/analytics-income';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { analyticsKeys } from './keys';
import { refetchWhileUpdating } from './updating';

/**
 * GET /api/v1/analytics/catalogue-value: the last twelve months' income per artist and per release
 * (the twelve months ending at the label's latest sale month), ranked; "Export CSV" writes them all.
 */
export function useCatalogueValue({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: analyticsKeys.catalogueValue,
    queryFn: ({ signal }) =>
      api.call(analyticsCatalogueValue, { query: { limit: CATALOGUE_VALUE_LIMITS.defaultRows }, signal }),
    enabled,
    refetchInterval: refetchWhileUpdating,
  });
}
