import { addUpcRange } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** POST /api/v1/catalogue/upc-pool (admins): adds a GS1 range to the pool; answers how many were new. */
export function useAddUpcRange() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof addUpcRange>) => api.call(addUpcRange, { body }),
    onSuccess: ({ added: _added, ...settings }) => queryClient.setQueryData(catalogueKeys.settings, settings),
  });
}
