import { listSongContracts } from '@music-review/core/contracts/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { contractsQueryKey } from './contracts-cache';

export const songContractsQueryKey = (songId: string) => [...contractsQueryKey, 'song', songId] as const;

/**
 * GET /api/v1/songs/{songId}/contracts: the song's contracts with their signers, newest first. Kept
 * live: any change to contracts, signers or events refetches.
 */
export function useSongContracts(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: contractsQueryKey });
  }, [queryClient]);
  useRealtimeTopic('table:contracts', invalidate);
  useRealtimeTopic('table:contract_signers', invalidate);
  useRealtimeTopic('table:contract_events', invalidate);
  return useQuery({
    queryKey: songContractsQueryKey(songId),
    queryFn: ({ signal }) => api.call(listSongContracts, { params: { songId }, signal }),
  });
}
