import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import type { CsvKind } from '@music-review/core/catalogue-csv';
import { Download } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../../../../lib/api-client';
import { type CsvExportFilters, useExportCatalogueCsv } from '../api/export-catalogue-csv';

function errorText(error: unknown) {
  if (isApiError(error) && error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  return error instanceof Error && error.message ? error.message : 'The export failed. Please try again.';
}

/**
 * "Export CSV" on a catalogue tab: the rows its filters select (`filters`: the list's query names,
 * q, artist, year, origin, status, missing, sort, dir), as a file. A refusal, such as the plan's
 * monthly export limit, is shown under it.
 */
export function ExportCsvButton({ kind, filters }: { kind: CsvKind; filters: CsvExportFilters }) {
  const exportCsv = useExportCatalogueCsv(kind);
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        isLoading={exportCsv.isPending}
        onClick={() => {
          exportCsv.reset();
          exportCsv.mutate(filters);
        }}
      >
        <Download aria-hidden="true" />
        {CATALOGUE_TEXTS.exportCsv}
      </Button>
      {exportCsv.error ? <Alert className="max-w-sm">{errorText(exportCsv.error)}</Alert> : null}
    </div>
  );
}
