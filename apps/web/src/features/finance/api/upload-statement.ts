import { analyseStatement, presignStatementUpload } from '@music-review/core/contracts/royalties';
import { FINANCE_MESSAGES, ROYALTY_LIMITS } from '@music-review/core/royalties';
import type { ApiClient } from '../../../lib/api-client';
import { putWithProgress } from '../../../lib/upload/put-with-progress';
import type { StatementAnalysisDto } from '../finance-types';

/** What the file chooser offers: the layouts distributors send (a ZIP holds one of them). */
export const STATEMENT_ACCEPT = '.csv,.tsv,.txt,.xlsx,.zip';

/** A file refused before a byte is sent (empty, above 2 GB), in the server's words. */
export class StatementFileRefused extends Error {}

/** Why a statement file cannot be sent at all, or null when it may be. */
export function statementFileProblem(file: Pick<File, 'size'>): string | null {
  if (file.size === 0) return FINANCE_MESSAGES.empty;
  if (file.size > ROYALTY_LIMITS.maxBytes) return FINANCE_MESSAGES.tooLarge(file.size);
  return null;
}

/**
 * Sends a statement to storage and reads its start, the import's three steps that only make sense
 * together: POST /api/v1/finance/imports/uploads for a PUT URL, the PUT with its progress (0-1), then
 * POST /api/v1/finance/imports/analyse (format, columns, first rows, detected source, mapping).
 */
export async function uploadStatement(
  api: ApiClient,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StatementAnalysisDto> {
  const problem = statementFileProblem(file);
  if (problem) throw new StatementFileRefused(problem);
  const upload = await api.call(presignStatementUpload, {
    body: { filename: file.name, size_bytes: file.size },
    signal,
  });
  await putWithProgress(upload.upload_url, file, upload.content_type, { onProgress, signal });
  return api.call(analyseStatement, { body: { key: upload.key }, signal });
}
