import { getSongLabelCopy } from '@music-review/core/contracts/label-copy';
import type { LabelCopyDto, SongLabelCopyDto } from '@music-review/core/label-copy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

/** Every label-copy query of the signed-in member is filed under this key (the links' too). */
export const labelCopyQueryKey = ['label-copy'] as const;

export const songLabelCopyQueryKey = (songId: string) => [...labelCopyQueryKey, 'song', songId] as const;

/**
 * GET /api/v1/songs/{songId}/label-copy: the song's Label Copy tab, with its label copy (null before
 * one is created) and the generator's state.
 */
export function useSongLabelCopy(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // The artist typing or submitting, a colleague editing: every change refreshes the tab.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: labelCopyQueryKey });
  useRealtimeTopic('table:label_copies', refresh);
  useRealtimeTopic('table:public_links', refresh);
  return useQuery({
    queryKey: songLabelCopyQueryKey(songId),
    queryFn: ({ signal }) => api.call(getSongLabelCopy, { params: { songId }, signal }),
  });
}

/** Puts a label copy the server answered into the song's tab, without a refetch. */
export function useSetLabelCopy(songId: string) {
  const queryClient = useQueryClient();
  return (copy: LabelCopyDto) =>
    queryClient.setQueryData<SongLabelCopyDto>(songLabelCopyQueryKey(songId), (old) =>
      old ? { ...old, label_copy: copy } : old,
    );
}
