import { downloadLabelCopyGeneratorLink } from '@music-review/core/contracts/label-copy';
import { fillPath } from '@music-review/core/endpoint';
import type { LabelCopyExportFormat } from '@music-review/core/label-copy';
import { downloadFile } from '../../../lib/download-file';

/**
 * GET /api/v1/public/label-copy-generator/{token}/{format}: downloads a generator link's document as
 * PDF or CSV (each download counts against the label's exports).
 */
export const downloadPublicLabelCopyGenerator = (token: string, format: LabelCopyExportFormat) =>
  downloadFile(
    fillPath(downloadLabelCopyGeneratorLink.path, { token, format }),
    null,
    `label-copy.${format}`,
  );
