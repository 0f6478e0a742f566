import { confirmUpload, generatePresignedUrl } from '@music-review/core/contracts/storage';
import type { WaveformData } from '@music-review/core/waveform';
import type { ApiClient } from '../../../lib/api-client';

/** The presign answer as read: each part checked before use. */
interface PresignedUploadResponse {
  success?: boolean;
  data?: { presignedUrl?: string; key?: string };
}

/**
 * A waveform the browser generated, stored where its derived key points (label, id and file name
 * read from the key): POST /functions/v1/generate-presigned-url, the PUT of the JSON, then
 * POST /functions/v1/confirm-upload. Resolves to the key the storage gave it.
 */
export async function uploadWaveform(
  api: ApiClient,
  derivedKey: string,
  waveform: WaveformData,
): Promise<string> {
  const [orgName, , id, ...rest] = derivedKey.split('/');
  const filename = rest.join('/');
  const presign: PresignedUploadResponse | undefined = await api.call(generatePresignedUrl, {
    body: { orgName, type: 'waveforms', id: id ?? '', filename, contentType: 'application/json' },
  });
  const presignedUrl = presign?.data?.presignedUrl;
  if (!presign?.success || !presignedUrl) throw new Error('Invalid response from presigned URL service');
  const put = await fetch(presignedUrl, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(waveform),
  });
  if (!put.ok) throw new Error(`Waveform upload failed: ${put.status}`);
  const key = presign.data?.key ?? derivedKey;
  // A presigned PUT to object storage checks nothing: the server reads the file back and
  // keeps it only if it passes (harmless with the local driver, which checked on the way in).
  await api.call(confirmUpload, { body: { key } });
  return key;
}
