import type { ArExportReport } from '@music-review/core/analytics-ar';
import { exportArCsv } from '@music-review/core/contracts/analytics-ar';
import { useMutation } from '@tanstack/react-query';
import { queryString } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { downloadFile } from '../../../lib/download-file';
import type { ArRangeFilter } from '../analytics-url';

/**
 * GET /api/v1/analytics/ar/export: a report of the A&R tabs (weeks, sources, members, demo to
 * revenue) for the range on screen, as a CSV file; counted against the plan's monthly exports (403
 * plan_limit_reached past them).
 */
export function useExportArCsv(report: ArExportReport, range: ArRangeFilter) {
  const store = useAuthStore();
  return useMutation({
    mutationFn: () =>
      downloadFile(
        exportArCsv.path + queryString({ report, from: range.from || undefined, to: range.to || undefined }),
        store.getAccessToken(),
        `${report.replaceAll('_', '-')}.csv`,
      ),
  });
}
