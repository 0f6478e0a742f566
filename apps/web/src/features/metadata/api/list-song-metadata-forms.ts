import { listSongMetadataForms } from '@music-review/core/contracts/metadata-forms';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { metadataFormsQueryKey, useMetadataFormsRefresh } from './metadata-forms-cache';

export const songMetadataFormsQueryKey = (songId: string) =>
  [...metadataFormsQueryKey, 'song', songId] as const;

/** GET /api/v1/songs/{songId}/metadata-forms: a signed song's forms, newest first, with their data and newest link. */
export function useSongMetadataForms(songId: string) {
  const api = useApiClient();
  useMetadataFormsRefresh();
  return useQuery({
    queryKey: songMetadataFormsQueryKey(songId),
    queryFn: ({ signal }) =>
      api.call(listSongMetadataForms, { params: { songId }, signal }).then((body) => body.forms),
  });
}
