import { ANALYTICS_INCOME_TEXTS } from '@music-review/core/analytics-income';
import { ListSkeleton, LoadError, ShowMore } from '../../../components/list-states';
import { SideSheet } from '../../../components/ui/side-sheet';
import { pagedRows } from '../../../lib/paged-rows';
import type { AnalyticsLineDto, IncomeAlertDto } from '../analytics-types';
import { useExportIncomeCsv } from '../api/export-income-csv';
import { useAnalyticsLines } from '../api/list-analytics-lines';
import { ExportCsvButton } from './chart-card';
import { DataTable } from './data-table';
import { countLabel, formatAmount, formatAmounts, formatCount, formatMonth, formatMonths } from './format';

/**
 * The statement lines behind a missing-income alert, in a drawer: the alert's recording in its
 * source, at its store or territory, over the months compared (the previous ones and the latest
 * statement's), newest month first, 50 at a time, with what they add up to and "Export CSV".
 */
export function AlertLinesSheet({ alert, onClose }: { alert: IncomeAlertDto; onClose: () => void }) {
  const lines = useAnalyticsLines(alert.lines);
  const download = useExportIncomeCsv('lines', alert.lines);
  const { rows } = pagedRows(lines.data);
  const first = lines.data?.pages[0];
  const where = alert.dimension === 'store' ? alert.value_name : `in ${alert.value_name}`;

  return (
    <SideSheet
      title={`${ANALYTICS_INCOME_TEXTS.linesHeading}: ${alert.recording.title}`}
      description={`${alert.source_name}, ${where}, ${formatMonths(alert.lines.from, alert.lines.to)}`}
      wide
      onClose={onClose}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-foreground">{alert.description}</p>
        {lines.isPending ? (
          <ListSkeleton label="Loading the lines" rows={3} />
        ) : lines.isError && rows.length === 0 ? (
          <LoadError
            message={lines.error.message || 'The lines could not be loaded.'}
            onRetry={() => void lines.refetch()}
          />
        ) : (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <p className="text-sm text-muted-foreground">
                {countLabel(first?.total ?? 0, 'line', 'lines')} · {formatCount(first?.quantity ?? 0)} units ·{' '}
                {formatAmounts(first?.amounts ?? [], 'nothing earned')}
              </p>
              <ExportCsvButton download={download} />
            </div>
            {rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">No line in these months.</p>
            ) : (
              <DataTable<AnalyticsLineDto>
                caption={`Statement lines of ${alert.recording.title}`}
                columns={[
                  { header: 'Month', cell: (l) => formatMonth(l.sale_month), isRowHeader: true },
                  { header: 'Store', cell: (l) => l.store ?? '—' },
                  { header: 'Territory', cell: (l) => l.territory ?? '—' },
                  { header: 'Sale', cell: (l) => l.sale_type },
                  { header: 'Quantity', cell: (l) => formatCount(l.quantity), isNumeric: true },
                  { header: 'Net', cell: (l) => formatAmount(l.net, l.currency), isNumeric: true },
                  {
                    header: 'File',
                    cell: (l) => `${l.import_file_name}, line ${formatCount(l.line_number)}`,
                    isNowrap: true,
                  },
                ]}
                rows={rows}
                rowKey={(l) => `${l.import_id}:${l.line_number}`}
              />
            )}
            <ShowMore
              list={lines}
              shown={rows.length}
              total={first?.total ?? 0}
              errorMessage="More lines could not be loaded. Try again."
            />
          </>
        )}
      </div>
    </SideSheet>
  );
}
