import { CSV_LIMITS, CSV_MESSAGES, type CsvKind } from '@music-review/core/catalogue-csv';
import {
  analyseCatalogueCsv,
  type CatalogueCsvAnalysisDto,
  presignCatalogueCsvUpload,
} from '@music-review/core/contracts/catalogue-csv';
import type { ApiClient } from '../../../../lib/api-client';
import { putWithProgress } from '../../../../lib/upload/put-with-progress';

/** A file refused before it is sent (too large, empty): the same words the server would use. */
export class CsvFileRefused extends Error {}

/**
 * Sends a CSV file to storage and reads its start, in the import's three steps that only make sense
 * together: POST /api/v1/catalogue/csv/uploads for a PUT URL (a file above the limit is refused
 * before a byte is sent), the PUT with its progress, then POST /api/v1/catalogue/csv/analyse.
 */
export async function uploadCatalogueCsv(
  api: ApiClient,
  kind: CsvKind,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<CatalogueCsvAnalysisDto> {
  if (file.size === 0) throw new CsvFileRefused(CSV_MESSAGES.empty);
  if (file.size > CSV_LIMITS.maxBytes) throw new CsvFileRefused(CSV_MESSAGES.tooLarge(file.size));
  const upload = await api.call(presignCatalogueCsvUpload, {
    body: { kind, filename: file.name, size_bytes: file.size },
    signal,
  });
  await putWithProgress(upload.upload_url, file, upload.content_type, { onProgress, signal });
  return api.call(analyseCatalogueCsv, { body: { kind, key: upload.key }, signal });
}
