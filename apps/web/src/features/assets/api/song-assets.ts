import type { AssetKind, AssetVersionDto } from '@music-review/core/assets';
import {
  confirmSongAsset,
  listSongAssets,
  markReleaseReady,
  presignSongAsset,
  restoreSongAsset,
  saveSongBioText,
  unmarkReleaseReady,
} from '@music-review/core/contracts/assets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

export const songAssetsQueryKey = (songId: string) => ['song-assets', songId] as const;

/** The song's assets and readiness, live: uploads by others and a confirmed metadata form refresh it. */
export function useSongAssets(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopics(['table:song_assets', 'table:release_readiness', 'table:metadata_forms'], () => {
    void queryClient.invalidateQueries({ queryKey: songAssetsQueryKey(songId) });
  });
  return useQuery({
    queryKey: songAssetsQueryKey(songId),
    queryFn: ({ signal }) => api.call(listSongAssets, { params: { songId }, signal }),
    // Download URLs are signed for an hour: refresh well before.
    refetchInterval: 30 * 60 * 1000,
  });
}

/** The browser's type, or one guessed from the extension when the browser has none (AIFF, FLAC). */
export function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byExt: Record<string, string> = {
    wav: 'audio/wav',
    flac: 'audio/flac',
    aif: 'audio/aiff',
    aiff: 'audio/aiff',
    aifc: 'audio/aiff',
    zip: 'application/zip',
    txt: 'text/plain',
    pdf: 'application/pdf',
  };
  return byExt[ext] ?? 'application/octet-stream';
}

/** Presign, PUT with progress, then the server's checks (a refusal rejects with its reason). */
export async function uploadAsset(
  api: ApiClient,
  songId: string,
  kind: AssetKind,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AssetVersionDto> {
  const presign = await api.call(presignSongAsset, {
    params: { songId },
    body: { kind, filename: file.name, content_type: contentTypeOf(file), size_bytes: file.size },
  });
  await putWithProgress(presign.upload_url, file, presign.content_type, { onProgress, signal });
  return api.call(confirmSongAsset, { params: { songId }, body: { key: presign.key } });
}

export function useRefreshAssets(songId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: songAssetsQueryKey(songId) });
}

export function useRestoreAsset(songId: string) {
  const api = useApiClient();
  const refresh = useRefreshAssets(songId);
  return useMutation({
    mutationFn: (assetId: string) => api.call(restoreSongAsset, { params: { songId, assetId } }),
    onSuccess: refresh,
  });
}

export function useSaveBioText(songId: string) {
  const api = useApiClient();
  const refresh = useRefreshAssets(songId);
  return useMutation({
    mutationFn: (text: string) => api.call(saveSongBioText, { params: { songId }, body: { text } }),
    onSuccess: refresh,
  });
}

export function useReleaseReadiness(songId: string) {
  const api = useApiClient();
  const refresh = useRefreshAssets(songId);
  return useMutation({
    mutationFn: (ready: boolean) =>
      api.call(ready ? markReleaseReady : unmarkReleaseReady, { params: { songId } }),
    onSettled: refresh,
  });
}
