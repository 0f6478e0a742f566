import type { AnalyticsReport } from '@music-review/core/analytics';
import { exportAnalyticsCsv } from '@music-review/core/contracts/analytics';
import { useMutation } from '@tanstack/react-query';
import { queryString } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { downloadFile } from '../../../lib/download-file';
import { filterQuery, type PerformanceFilters } from '../analytics-url';

/**
 * GET /api/v1/analytics/performance/export: one table of the Performance tab (the monthly series, a
 * breakdown with every row, revenue per stream, lifecycle) under the page's filters, as a CSV file.
 * Each export counts against the plan's monthly exports; past them the server answers 403
 * plan_limit_reached with the words to show.
 */
export function useExportAnalyticsCsv(report: AnalyticsReport, filters: PerformanceFilters) {
  const store = useAuthStore();
  return useMutation({
    mutationFn: () =>
      downloadFile(
        exportAnalyticsCsv.path + queryString({ ...filterQuery(filters), report }),
        store.getAccessToken(),
        `analytics-${report}.csv`,
      ),
  });
}
