import { passSong, signSong } from '@music-review/core/contracts/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { reviewDashboardQueryKey } from './get-review-dashboard';
import { songQueryKey } from './get-song';

export type SongDecision = 'sign' | 'pass';

/** POST /api/v1/songs/{id}/sign or /pass (admins): the song leaves the review lists. */
export function useDecideSong(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: SongDecision) =>
      api.call(decision === 'sign' ? signSong : passSong, { params: { id: songId } }),
    onSuccess: async (song) => {
      queryClient.setQueryData(songQueryKey(songId), song);
      await queryClient.invalidateQueries({ queryKey: reviewDashboardQueryKey });
    },
  });
}
