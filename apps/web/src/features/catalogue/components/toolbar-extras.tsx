import type { CatalogueTab } from '@music-review/core/catalogue';
import { type CatalogueView, toApiQuery } from '../catalogue-view';
import type { CsvExportFilters } from '../csv/api/export-catalogue-csv';
import { ExportCsvButton } from '../csv/components/export-csv-button';
import { ImportCsvButton } from '../csv/components/import-csv-button';

export interface ToolbarExtrasProps {
  tab: CatalogueTab;
  /** The tab's current search, filters and sort (an export takes the filtered rows). */
  view: CatalogueView;
}

/** "Import CSV" and "Export CSV" in each tab's toolbar (issue 14; features/catalogue/csv/). */
export function ToolbarExtras({ tab, view }: ToolbarExtrasProps) {
  // The list query without paging: every value a string, number or boolean (zod's coerced input
  // types say unknown).
  const filters = toApiQuery(view) as CsvExportFilters;
  return (
    <>
      <ImportCsvButton kind={tab} />
      <ExportCsvButton kind={tab} filters={filters} />
    </>
  );
}
