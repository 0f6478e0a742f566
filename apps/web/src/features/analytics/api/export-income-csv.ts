import type { IncomeExportReport } from '@music-review/core/analytics-income';
import { exportIncomeCsv } from '@music-review/core/contracts/analytics-income';
import { useMutation } from '@tanstack/react-query';
import { queryString } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { downloadFile } from '../../../lib/download-file';
import type { LinesFilter } from '../analytics-types';

/**
 * GET /api/v1/analytics/income/export: the missing-income alerts, catalogue value per artist or per
 * release, or an alert's statement lines (`filter`), as a CSV file; each report counts against the
 * plan's monthly exports (403 plan_limit_reached past them).
 */
export function useExportIncomeCsv(report: IncomeExportReport, filter?: LinesFilter) {
  const store = useAuthStore();
  return useMutation({
    mutationFn: () =>
      downloadFile(
        exportIncomeCsv.path + queryString({ ...filter, report }),
        store.getAccessToken(),
        `${report.replaceAll('_', '-')}.csv`,
      ),
  });
}
