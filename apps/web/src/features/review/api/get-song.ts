import { getSong } from '@music-review/core/contracts/songs';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export const songQueryKey = (songId: string) => ['review', 'song', songId] as const;

/** GET /api/v1/songs/{id}: 404 for a missing song or one of another organization. */
export function useSong(songId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: songQueryKey(songId),
    queryFn: ({ signal }) => api.call(getSong, { params: { id: songId }, signal }),
  });
}
