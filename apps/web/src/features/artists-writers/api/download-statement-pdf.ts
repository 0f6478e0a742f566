import { downloadStatementPdf } from '@music-review/core/contracts/royalty-statements';
import { fillPath } from '@music-review/core/endpoint';
import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/v1/finance/statements/{id}/pdf: a payee's statement as the label downloads it. */
export function useDownloadStatementPdf() {
  const store = useAuthStore();
  return useMutation({
    mutationFn: ({ statementId, periodName }: { statementId: string; periodName: string }) =>
      downloadFile(
        fillPath(downloadStatementPdf.path, { id: statementId }),
        store.getAccessToken(),
        `${periodName} statement.pdf`,
      ),
  });
}
