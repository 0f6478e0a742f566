import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { reviewDashboardQueryKey } from './get-review-dashboard';
import { songQueryKey } from './get-song';
import type { SongDto } from './types';

export type SongDecision = 'sign' | 'pass';

/** POST /api/v1/songs/{id}/sign or /pass (admins): the song leaves the review lists. */
export function useDecideSong(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: SongDecision) =>
      api.post<SongDto>(`/api/v1/songs/${encodeURIComponent(songId)}/${decision}`),
    onSuccess: async (song) => {
      queryClient.setQueryData(songQueryKey(songId), song);
      await queryClient.invalidateQueries({ queryKey: reviewDashboardQueryKey });
    },
  });
}
