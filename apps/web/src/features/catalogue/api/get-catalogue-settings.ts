import { getCatalogueSettings } from '@music-review/core/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** GET /api/v1/catalogue/settings: the ISRC prefix and next ISRC, the UPC pool, default owners. */
export function useCatalogueSettings() {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.settings,
    queryFn: ({ signal }) => api.call(getCatalogueSettings, { signal }),
  });
}
