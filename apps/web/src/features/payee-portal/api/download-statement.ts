import {
  downloadStatementCsvByLink,
  downloadStatementPdfByLink,
} from '@music-review/core/contracts/royalty-statements';
import { fillPath } from '@music-review/core/endpoint';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/v1/public/statements/{token}/pdf or /csv: the statement's PDF or "All sales" CSV. */
export const downloadPublicStatement = (token: string, format: 'pdf' | 'csv') =>
  downloadFile(
    fillPath((format === 'pdf' ? downloadStatementPdfByLink : downloadStatementCsvByLink).path, { token }),
    null,
    format === 'pdf' ? 'statement.pdf' : 'all-sales.csv',
  );
