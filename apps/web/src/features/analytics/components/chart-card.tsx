import { ANALYTICS_TEXTS } from '@music-review/core/analytics';
import { Download, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { LoadError } from '../../../components/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { useIsDesktop } from '../../../lib/use-media-query';

/** What an "Export CSV" button needs of its download (a TanStack mutation). */
export interface CsvDownload {
  mutate: () => void;
  reset: () => void;
  isPending: boolean;
  error: Error | null;
}

function errorText(error: unknown) {
  if (isApiError(error) && error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  return error instanceof Error && error.message ? error.message : 'The export failed. Please try again.';
}

/**
 * "Export CSV": the table's figures as a file, from the server (counted against the plan's monthly
 * exports). A refusal, such as the plan's limit, is shown under it in the server's words.
 */
export function ExportCsvButton({ download }: { download: CsvDownload }) {
  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        variant="outline"
        size="sm"
        isLoading={download.isPending}
        onClick={() => {
          download.reset();
          download.mutate();
        }}
      >
        <Download aria-hidden="true" />
        {ANALYTICS_TEXTS.exportCsv}
      </Button>
      {download.error ? <Alert className="max-w-sm">{errorText(download.error)}</Alert> : null}
    </div>
  );
}

/** A card's place while its answer loads: announced once, grey bars for the eye. */
export function CardSkeleton({ label, height = 'h-56' }: { label: string; height?: string }) {
  return (
    <Card role="status" aria-label={label} className="flex flex-col gap-3 p-4">
      <Skeleton className="h-5 w-48" />
      <Skeleton className={`${height} w-full`} />
    </Card>
  );
}

/** What a card's failed answer offers: its error and a way to ask again. */
export interface CardQuery {
  error: Error | null;
  refetch: () => unknown;
}

/**
 * One section of the page, named by its heading: a chart (an image summarised in words) with its
 * figures as a table and "Export CSV". On a desktop the table opens with "Show table"; on a phone,
 * where a chart is small, the table is always there under it (scrolling sideways when wide). A
 * section without a chart (a ranked list) shows its table alone.
 */
export function ChartCard({
  title,
  description,
  chart,
  table,
  download,
  empty,
  footer,
}: {
  title: string;
  description?: ReactNode;
  /** The chart; null when the section is a table only. */
  chart: ReactNode;
  table: ReactNode;
  download?: CsvDownload;
  /** Said instead of the chart and table when there is nothing to show. */
  empty?: string | null;
  /** A note under the figures (rates used, rows left out). */
  footer?: ReactNode;
}) {
  const headingId = useId();
  const tableId = useId();
  const isDesktop = useIsDesktop();
  const [isTableOpen, setIsTableOpen] = useState(false);
  const hasToggle = chart !== null && isDesktop && !empty;
  const showsTable = !empty && (chart === null || !isDesktop || isTableOpen);
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4 sm:p-5">
      <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold leading-tight text-foreground">
              {title}
            </h2>
            {description ? <div className="mt-1 text-sm text-muted-foreground">{description}</div> : null}
          </div>
          <div className="flex flex-wrap items-start gap-2">
            {hasToggle ? (
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={isTableOpen}
                aria-controls={tableId}
                onClick={() => setIsTableOpen((open) => !open)}
              >
                <Table2 aria-hidden="true" />
                {isTableOpen ? 'Hide table' : 'Show table'}
              </Button>
            ) : null}
            {download && !empty ? <ExportCsvButton download={download} /> : null}
          </div>
        </div>
        {empty ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <>
            {chart}
            <div id={tableId} hidden={!showsTable}>
              {showsTable ? table : null}
            </div>
          </>
        )}
        {footer}
      </section>
    </Card>
  );
}

/** A card's answer failed: why, with "Try again". */
export function CardError({ title, query }: { title: string; query: CardQuery }) {
  return (
    <LoadError
      message={query.error?.message || `${title} could not be loaded.`}
      onRetry={() => void query.refetch()}
    />
  );
}
