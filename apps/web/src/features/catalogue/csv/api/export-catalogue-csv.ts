import type { CsvKind } from '@music-review/core/catalogue-csv';
import {
  exportRecordingsCsv,
  exportReleasesCsv,
  exportWorksCsv,
} from '@music-review/core/contracts/catalogue-csv';
import { useMutation } from '@tanstack/react-query';
import { queryString } from '../../../../lib/api-client';
import { useAuthStore } from '../../../../lib/auth/auth-context';
import { downloadFile } from '../../../../lib/download-file';

const ENDPOINTS = { recordings: exportRecordingsCsv, releases: exportReleasesCsv, works: exportWorksCsv };

/** The list filters each kind's export takes (the list endpoints' query without paging). */
const FILTERS: Record<CsvKind, readonly string[]> = {
  recordings: ['q', 'artist', 'year', 'origin', 'missing', 'sort', 'dir'],
  releases: ['q', 'artist', 'year', 'status', 'missing', 'sort', 'dir'],
  works: ['q', 'artist', 'missing', 'sort', 'dir'],
};

export type CsvExportFilters = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The query of an export: the kind's own filters, empty ones left out. */
export function exportQuery(
  kind: CsvKind,
  filters: CsvExportFilters,
): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  for (const name of FILTERS[kind]) {
    const value = filters[name];
    if (value !== undefined && value !== null && value !== '') query[name] = value;
  }
  return query;
}

/**
 * GET /api/v1/catalogue/export/{kind}: the rows the tab's filters select, as a CSV file. Each export
 * counts against the plan's monthly exports; past them the server answers 403 plan_limit_reached.
 */
export function useExportCatalogueCsv(kind: CsvKind) {
  const store = useAuthStore();
  return useMutation({
    mutationFn: (filters: CsvExportFilters) =>
      downloadFile(
        ENDPOINTS[kind].path + queryString(exportQuery(kind, filters)),
        store.getAccessToken(),
        `catalogue-${kind}.csv`,
      ),
  });
}
