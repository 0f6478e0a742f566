import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeTopics } from '../../../lib/realtime-context';

// Every table a chip or the Overview tab reads: a change to any of them refreshes both.
const WORKFLOW_TOPICS = [
  'songs',
  'reviews',
  'contracts',
  'metadata_forms',
  'label_copies',
  'song_assets',
  'release_readiness',
  'marketing_campaigns',
  'marketing_tasks',
  'project_files',
].map((table) => `table:${table}`);

/** While mounted, any workflow change reloads everything under 'signed-songs' (lists and overviews). */
export function useWorkflowRefresh() {
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: ['signed-songs'] });
  useRealtimeTopics(WORKFLOW_TOPICS, invalidate);
}
