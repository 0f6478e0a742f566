import { ANALYTICS_INCOME_TEXTS } from '@music-review/core/analytics-income';
import { ListSkeleton, LoadError } from '../../../components/list-states';
import { Card } from '../../../components/ui/card';
import { isPlanRequired, PlanRequired } from '../../finance';
import type { CatalogueValueDto } from '../analytics-types';
import { useExportIncomeCsv } from '../api/export-income-csv';
import { useCatalogueValue } from '../api/get-catalogue-value';
import { rankedSummary } from './breakdown-cards';
import { ChartCard } from './chart-card';
import { RankedBars } from './chart-figures';
import { CHART_COLORS } from './chart-theme';
import { DataTable } from './data-table';
import { formatAmount, formatAmounts, formatCount, formatDay, formatMonths, plotted } from './format';
import { NoStatements } from './no-statements';
import { RatesUsed } from './rates-note';
import { UpdatingNote } from './updating-note';

type ValueRow = CatalogueValueDto['artists'][number] | CatalogueValueDto['releases'][number];

/** The value in the reporting currency, and what no rate converts beside it. */
function Value({ row, currency }: { row: Pick<ValueRow, 'net' | 'not_converted'>; currency: string }) {
  return (
    <span className="flex flex-col items-end">
      <span>{formatAmount(row.net, currency)}</span>
      {row.not_converted.length > 0 ? (
        <span className="text-xs text-muted-foreground">
          + {formatAmounts(row.not_converted)} not converted
        </span>
      ) : null}
    </span>
  );
}

const moreNote = (shown: number, total: number) =>
  total > shown ? (
    <p className="text-xs text-muted-foreground">
      The {formatCount(shown)} largest of {formatCount(total)}. Export CSV writes them all.
    </p>
  ) : null;

/**
 * The Catalogue value tab: the last twelve months' income (ending at the label's latest sale month)
 * per artist and per release, ranked, each with what no exchange rate converts, and its total.
 */
export function CatalogueValuePanel() {
  const query = useCatalogueValue();
  const artistsCsv = useExportIncomeCsv('catalogue_value_artists');
  const releasesCsv = useExportIncomeCsv('catalogue_value_releases');
  const answer = query.data;
  if (isPlanRequired(query.error)) return <PlanRequired error={query.error} />;
  if (query.isError && !answer) {
    return (
      <LoadError
        message={query.error.message || 'Catalogue value could not be loaded.'}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!answer) return <ListSkeleton label="Loading catalogue value" rows={3} />;
  if (answer.from === null || answer.to === null) return <NoStatements />;

  const currency = answer.currency;
  const months = formatMonths(answer.from, answer.to);
  const artistBars = answer.artists.slice(0, 10).map((row) => ({
    label: row.artist,
    net: plotted(row.net),
    text: formatAmount(row.net, currency),
  }));
  const releaseBars = answer.releases.slice(0, 10).map((row) => ({
    label: row.title,
    net: plotted(row.net),
    text: formatAmount(row.net, currency),
  }));

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <UpdatingNote updating={answer.updating} />
      <Card className="flex flex-col gap-1 p-4">
        <h2 className="text-sm text-muted-foreground">Last twelve months’ income, {months}</h2>
        <p className="text-2xl font-semibold tabular-nums text-foreground">
          {formatAmount(answer.total.net, currency)}
        </p>
        {answer.total.not_converted.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            Not converted (no exchange rate into {currency}): {formatAmounts(answer.total.not_converted)}
          </p>
        ) : null}
        <RatesUsed
          rates={answer.rates}
          currency={currency}
          hasNotConverted={answer.total.not_converted.length > 0}
        />
      </Card>
      <ChartCard
        title="Value per artist"
        description={months}
        empty={answer.artists.length === 0 ? 'No income in these twelve months.' : null}
        chart={
          <RankedBars
            data={artistBars}
            nameKey="label"
            series={{ key: 'net', label: 'Income', color: CHART_COLORS.brand, text: (bar) => bar.text }}
            summary={rankedSummary(
              'Last twelve months’ income per artist',
              artistBars.map((bar) => ({ label: bar.label, text: bar.text })),
              answer.artist_count,
              months,
            )}
          />
        }
        table={
          <DataTable
            caption={`Value per artist, ${months}`}
            columns={[
              { header: 'Rank', cell: (r) => r.rank, isNumeric: true },
              { header: 'Artist', cell: (r) => r.artist, isRowHeader: true },
              { header: 'Recordings', cell: (r) => formatCount(r.recordings), isNumeric: true },
              { header: 'Units', cell: (r) => formatCount(r.quantity), isNumeric: true },
              {
                header: `Income (${currency})`,
                cell: (r) => <Value row={r} currency={currency} />,
                isNumeric: true,
              },
              { header: 'As reported', cell: (r) => formatAmounts(r.amounts, '—'), isNumeric: true },
            ]}
            rows={answer.artists}
            rowKey={(r) => r.artist}
          />
        }
        download={artistsCsv}
        footer={moreNote(answer.artists.length, answer.artist_count)}
      />
      <ChartCard
        title="Value per release"
        description={months}
        empty={answer.releases.length === 0 ? 'No income in these twelve months.' : null}
        chart={
          <RankedBars
            data={releaseBars}
            nameKey="label"
            series={{ key: 'net', label: 'Income', color: CHART_COLORS.brand, text: (bar) => bar.text }}
            summary={rankedSummary(
              'Last twelve months’ income per release',
              releaseBars.map((bar) => ({ label: bar.label, text: bar.text })),
              answer.release_count,
              months,
            )}
          />
        }
        table={
          <DataTable
            caption={`Value per release, ${months}`}
            columns={[
              { header: 'Rank', cell: (r) => r.rank, isNumeric: true },
              {
                header: 'Release',
                cell: (r) => (
                  <span className="flex flex-col">
                    <span className="font-medium">
                      {r.release_id === null ? ANALYTICS_INCOME_TEXTS.notOnRelease : r.title}
                    </span>
                    <span className="text-xs text-muted-foreground">{r.display_artist}</span>
                  </span>
                ),
                isRowHeader: true,
              },
              { header: 'UPC', cell: (r) => r.upc ?? '—' },
              { header: 'Released', cell: (r) => formatDay(r.release_date), isNowrap: true },
              { header: 'Units', cell: (r) => formatCount(r.quantity), isNumeric: true },
              {
                header: `Income (${currency})`,
                cell: (r) => <Value row={r} currency={currency} />,
                isNumeric: true,
              },
              { header: 'As reported', cell: (r) => formatAmounts(r.amounts, '—'), isNumeric: true },
            ]}
            rows={answer.releases}
            rowKey={(r) => r.release_id ?? 'none'}
          />
        }
        download={releasesCsv}
        footer={moreNote(answer.releases.length, answer.release_count)}
      />
    </div>
  );
}
