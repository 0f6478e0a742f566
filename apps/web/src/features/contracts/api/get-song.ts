import { getSong } from '@music-review/core/contracts/songs';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { contractsQueryKey } from './contracts-cache';

export const contractSongQueryKey = (songId: string) => [...contractsQueryKey, 'song-info', songId] as const;

/** GET /api/v1/songs/{id}: the song's title and artist, which a new contract is prefilled with. */
export function useContractSong(songId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: contractSongQueryKey(songId),
    queryFn: () => api.call(getSong, { params: { id: songId } }),
  });
}
