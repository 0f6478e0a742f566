import type { AssetKind, AssetVersionDto } from '@music-review/core/assets';
import { confirmSongAsset, presignSongAsset } from '@music-review/core/contracts/assets';
import type { ApiClient } from '../../../lib/api-client';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

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

/**
 * A new version of an asset: POST /api/v1/songs/{songId}/assets/uploads for a PUT URL, the PUT with
 * progress, then POST /api/v1/songs/{songId}/assets, where the server checks the bytes for the kind
 * (a refusal rejects with its reason).
 */
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
