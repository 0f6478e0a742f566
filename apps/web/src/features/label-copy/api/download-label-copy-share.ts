import { downloadLabelCopyShare } from '@music-review/core/contracts/label-copy';
import { fillPath } from '@music-review/core/endpoint';
import type { LabelCopyExportFormat } from '@music-review/core/label-copy';
import { downloadFile } from '../../../lib/download-file';

/**
 * GET /api/v1/public/label-copies/{token}/{format}: downloads a share link's label copy as PDF or
 * CSV (each download counts against the label's exports).
 */
export const downloadPublicLabelCopyShare = (token: string, format: LabelCopyExportFormat) =>
  downloadFile(fillPath(downloadLabelCopyShare.path, { token, format }), null, `label-copy.${format}`);
