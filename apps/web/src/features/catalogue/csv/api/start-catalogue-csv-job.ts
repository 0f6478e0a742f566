import type { CsvKind, CsvMapping } from '@music-review/core/catalogue-csv';
import { startCatalogueCsvDryRun, startCatalogueCsvImport } from '@music-review/core/contracts/catalogue-csv';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../../lib/api-context';

export interface CsvJobRequest {
  kind: CsvKind;
  key: string;
  mapping: CsvMapping;
}

/**
 * POST /api/v1/catalogue/csv/dry-runs or /imports: saves the mapping for the label and starts the job
 * (its progress: GET /api/v1/jobs/{id}, see get-csv-job.ts).
 */
export function useStartCsvJob(what: 'dry-run' | 'import') {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: CsvJobRequest) =>
      api.call(what === 'dry-run' ? startCatalogueCsvDryRun : startCatalogueCsvImport, { body }),
  });
}
