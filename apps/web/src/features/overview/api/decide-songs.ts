import { decideSongs } from '@music-review/core/contracts/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { overviewQueryKey } from './get-overview';

export type SongDecision = 'signed' | 'passed';

export interface DecideSongsInput {
  songIds: string[];
  status: SongDecision;
}

/** POST /api/v1/songs/decisions (admins): signs or passes up to 200 songs at once. */
export function useDecideSongs() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ songIds, status }: DecideSongsInput) =>
      api.call(decideSongs, { body: { song_ids: songIds, status } }),
    onSuccess: async () => {
      // A decided song leaves every review list as well: the review feature's cached lists
      // ('review' prefix) are marked stale too, so they reload when next shown. Realtime only
      // reaches lists that are on screen.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: overviewQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['review'] }),
      ]);
    },
  });
}
