import { updateWork } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** PATCH /api/v1/catalogue/works/{id}: title, ISWC and writers (a writer change is versioned). */
export function useUpdateWork() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof updateWork> }) =>
      api.call(updateWork, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.work(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('works') });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.attention });
    },
  });
}
