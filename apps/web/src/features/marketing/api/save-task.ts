import { createMarketingTask, updateMarketingTask } from '@music-review/core/contracts/marketing';
import type { TaskInput } from '@music-review/core/marketing';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateSongMarketing } from './get-song-marketing';

/**
 * PATCH /api/v1/marketing/tasks/{id} for an existing task, POST
 * /api/v1/marketing/campaigns/{campaignId}/tasks for a new one (no `id`).
 */
export function useSaveTask(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSongMarketing(songId);
  return useMutation({
    // An edit sends only what changed (checking a task off sends its status alone); a new task
    // always comes from the dialog, which requires its title, and the server refuses an empty one.
    mutationFn: ({
      id,
      campaignId,
      values,
    }: {
      id?: string;
      campaignId: string;
      values: Partial<TaskInput>;
    }) =>
      id
        ? api.call(updateMarketingTask, { params: { id }, body: values })
        : api.call(createMarketingTask, {
            params: { id: campaignId },
            body: { ...values, title: values.title ?? '' },
          }),
    onSuccess: invalidate,
  });
}
