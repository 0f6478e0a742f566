import type { RecordingDto } from '@music-review/core/contracts/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';
import { type MasterSplitInput, putMasterSplits } from './set-master-splits';
import { patchRecording, type RecordingChanges } from './update-recording';

export interface SaveRecordingInput {
  id: string;
  /** The changed fields, or null when only the split changed. */
  changes: RecordingChanges | null;
  /** The new master split, or null when it did not change. */
  splits: MasterSplitInput | null;
  /** The row_version the member read. */
  rowVersion: number;
}

/**
 * The recording drawer's one Save: the fields (PATCH), then the split (PUT) naming the version the
 * first step produced, so each step is checked against what the member read (stale: 409 conflict).
 */
export function useSaveRecording() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes, splits, rowVersion }: SaveRecordingInput): Promise<RecordingDto> => {
      let saved: RecordingDto | null = null;
      if (changes) {
        saved = await patchRecording(api, id, changes, rowVersion);
        queryClient.setQueryData(catalogueKeys.recording(id), saved);
      }
      if (splits) saved = await putMasterSplits(api, id, splits, saved?.row_version ?? rowVersion);
      if (!saved) throw new Error('Nothing to save');
      return saved;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.recording(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('recordings') });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.attention });
    },
  });
}
