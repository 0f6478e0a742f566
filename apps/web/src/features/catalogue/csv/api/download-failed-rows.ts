import type { CsvKind } from '@music-review/core/catalogue-csv';
import { downloadCatalogueCsvFailedRows } from '@music-review/core/contracts/catalogue-csv';
import { fillPath } from '@music-review/core/endpoint';
import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '../../../../lib/auth/auth-context';
import { downloadFile } from '../../../../lib/download-file';

/** GET /api/v1/catalogue/csv/imports/{id}/failed-rows: the import's failed rows with a Reason column. */
export function useDownloadFailedRows(kind: CsvKind) {
  const store = useAuthStore();
  return useMutation({
    mutationFn: (jobId: string) =>
      downloadFile(
        fillPath(downloadCatalogueCsvFailedRows.path, { id: jobId }),
        store.getAccessToken(),
        `${kind}-failed-rows.csv`,
      ),
  });
}
