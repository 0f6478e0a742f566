import { bulkUpdateRecordings } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

export type BulkRecordingsSet = BodyOf<typeof bulkUpdateRecordings>['set'];

/** POST /api/v1/catalogue/recordings/bulk: the same values on many recordings (each change audited). */
export function useBulkUpdateRecordings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, set }: { ids: string[]; set: BulkRecordingsSet }) =>
      api.call(bulkUpdateRecordings, { body: { ids, set } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('recordings') });
      void queryClient.invalidateQueries({ queryKey: ['catalogue', 'recording'] });
    },
  });
}
