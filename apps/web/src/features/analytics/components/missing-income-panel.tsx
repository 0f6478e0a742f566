import { ANALYTICS_INCOME_TEXTS } from '@music-review/core/analytics-income';
import { ListChecks, Rows3 } from 'lucide-react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { isPlanRequired, PlanRequired } from '../../finance';
import type { IncomeAlertDto } from '../analytics-types';
import type { AnalyticsUrl } from '../analytics-url';
import { useExportIncomeCsv } from '../api/export-income-csv';
import { useMissingIncome } from '../api/list-missing-income';
import { ExportCsvButton } from './chart-card';
import { countLabel, formatAmount, formatMonths } from './format';
import { AlertLinesSheet } from './lines-sheet';
import { NoStatements } from './no-statements';
import { UpdatingNote } from './updating-note';

const monthsText = (from: string, to: string, count: number) =>
  `${formatMonths(from, to)} (${countLabel(count, 'month', 'months')})`;

function AlertItem({ alert, onOpen }: { alert: IncomeAlertDto; onOpen: () => void }) {
  const where = `${ANALYTICS_INCOME_TEXTS.dimensionLabels[alert.dimension]}: ${alert.value_name}`;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <article
          aria-label={`${alert.recording.title}, ${alert.value_name}`}
          className="flex min-w-0 flex-col gap-1.5"
        >
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={alert.kind === 'missing' ? 'warning' : 'neutral'}>
              {ANALYTICS_INCOME_TEXTS.kindLabels[alert.kind]}
            </Badge>
            <span className="text-sm text-muted-foreground">{where}</span>
            <span className="text-sm text-muted-foreground">· {alert.source_name}</span>
          </div>
          <p className="text-sm font-medium text-foreground [overflow-wrap:anywhere]">{alert.description}</p>
          <p className="text-sm text-muted-foreground">
            {alert.recording.display_artist}
            {alert.recording.isrc ? ` · ${alert.recording.isrc}` : ''}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-muted-foreground">Before</dt>
            <dd className="tabular-nums">
              {formatAmount(alert.previous_net, alert.currency)} in{' '}
              {monthsText(alert.previous_from, alert.previous_to, alert.previous_months)}
            </dd>
            <dt className="text-muted-foreground">Latest</dt>
            <dd className="tabular-nums">
              {formatAmount(alert.current_net, alert.currency)} in{' '}
              {monthsText(alert.current_from, alert.current_to, alert.current_months)} (
              {alert.import_file_name})
            </dd>
          </dl>
        </article>
        <Button
          variant="outline"
          size="sm"
          onClick={onOpen}
          aria-label={`${ANALYTICS_INCOME_TEXTS.viewLines} of “${alert.recording.title}” at ${alert.value_name}`}
        >
          <Rows3 aria-hidden="true" />
          {ANALYTICS_INCOME_TEXTS.viewLines}
        </Button>
      </Card>
    </li>
  );
}

/**
 * The Missing income tab: each store or territory that reported a recording every month before a
 * source's latest statement and is absent from it (or fell by more than half), largest first. Each
 * alert opens its statement lines (the alert's id stays in the URL, so Back closes them).
 */
export function MissingIncomePanel({ url }: { url: AnalyticsUrl }) {
  const query = useMissingIncome();
  const download = useExportIncomeCsv('missing_income');
  const answer = query.data;
  if (isPlanRequired(query.error)) return <PlanRequired error={query.error} />;
  if (query.isError && !answer) {
    return (
      <LoadError
        message={query.error.message || 'Missing income could not be loaded.'}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!answer) return <ListSkeleton label="Loading missing income" rows={3} />;
  if (!answer.has_statements) return <NoStatements />;
  const open = answer.alerts.find((alert) => alert.id === url.alert);

  return (
    <section aria-labelledby="missing-income-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="missing-income-heading" className="text-base font-semibold text-foreground">
            {ANALYTICS_INCOME_TEXTS.missingIncomeHeading}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            A store or territory that reported a recording in every month before a source’s latest statement,
            and is absent from it or fell by more than half.{' '}
            {answer.total > 0 ? countLabel(answer.total, 'alert', 'alerts') : ''}
          </p>
        </div>
        {answer.alerts.length > 0 ? <ExportCsvButton download={download} /> : null}
      </div>
      <UpdatingNote updating={answer.updating} />
      {answer.alerts.length === 0 ? (
        <EmptyState icon={ListChecks} title="Nothing missing">
          <p>{ANALYTICS_INCOME_TEXTS.noAlerts}</p>
        </EmptyState>
      ) : (
        <ul aria-label="Missing income alerts" className="flex flex-col gap-3">
          {answer.alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onOpen={() => url.setAlert(alert.id)} />
          ))}
        </ul>
      )}
      {open ? <AlertLinesSheet alert={open} onClose={() => url.setAlert('')} /> : null}
    </section>
  );
}
