import {
  attachRecordingMaster,
  attachReleaseArtwork,
  presignRecordingMaster,
  presignReleaseArtwork,
  type RecordingDto,
  type ReleaseDto,
} from '@music-review/core/contracts/catalogue';
import type { ApiClient } from '../../../lib/api-client';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

/** The browser's type, or one guessed from the extension when it has none (AIFF and FLAC often). */
export function fileContentType(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byExtension: Record<string, string> = {
    wav: 'audio/wav',
    flac: 'audio/flac',
    aif: 'audio/aiff',
    aiff: 'audio/aiff',
    aifc: 'audio/aiff',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
  };
  return byExtension[ext] ?? 'application/octet-stream';
}

export type UploadProgressHandler = (fraction: number) => void;

const presignBody = (file: File) => ({
  filename: file.name,
  content_type: fileContentType(file),
  size_bytes: file.size,
});

/**
 * A release's artwork: POST …/artwork/presign for a PUT URL, the PUT with progress, then POST
 * …/artwork, where the server checks the image (a refusal rejects with its reason).
 */
export async function uploadReleaseArtwork(
  api: ApiClient,
  releaseId: string,
  file: File,
  onProgress: UploadProgressHandler,
  signal?: AbortSignal,
): Promise<ReleaseDto> {
  const params = { id: releaseId };
  const presign = await api.call(presignReleaseArtwork, { params, body: presignBody(file) });
  await putWithProgress(presign.upload_url, file, presign.content_type, { onProgress, signal });
  return api.call(attachReleaseArtwork, { params, body: { key: presign.key } });
}

/** A recording's master: the same three steps, checked as a master (WAV, FLAC or AIFF). */
export async function uploadRecordingMaster(
  api: ApiClient,
  recordingId: string,
  file: File,
  onProgress: UploadProgressHandler,
  signal?: AbortSignal,
): Promise<RecordingDto> {
  const params = { id: recordingId };
  const presign = await api.call(presignRecordingMaster, { params, body: presignBody(file) });
  await putWithProgress(presign.upload_url, file, presign.content_type, { onProgress, signal });
  return api.call(attachRecordingMaster, { params, body: { key: presign.key } });
}
