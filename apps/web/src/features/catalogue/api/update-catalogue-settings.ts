import { updateCatalogueSettings } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** PATCH /api/v1/catalogue/settings (admins): prefix, label name, default owners, DDEX party id. */
export function useUpdateCatalogueSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateCatalogueSettings>) => api.call(updateCatalogueSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(catalogueKeys.settings, settings),
  });
}
