import { STATEMENT_TEXTS } from '@music-review/core/royalties';
import { ArrowLeft, Lock, Play, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import type { PeriodDetailDto, StatementSummaryDto } from '../accounting-types';
import { useApprovePeriod } from '../api/approve-period';
import { usePeriod } from '../api/get-period';
import { usePublishPeriod } from '../api/publish-period';
import { useRunPeriod } from '../api/run-period';
import { formatDateTime, formatMonths } from './format';
import { type ImportChoice, importChoiceOf, PeriodImportsChooser } from './period-imports-chooser';
import { payableText, uncontractedText } from './period-list';
import { PeriodRatesEditor } from './period-rates-editor';
import { PeriodStatusBadge } from './period-status-badge';
import { StatementSheet } from './statement-sheet';
import { StatementsTable } from './statements-table';

export const PUBLISH_WARNING =
  'Publishing locks the period: its earnings go into each contract’s ledger and its statements can no longer change. Corrections go in as new entries of a later period.';
export const RUNNING_TEXT = 'Running: computing every payee’s statement. This page updates by itself.';
const NONE_CHOSEN = 'Choose at least one import, or use every imported statement with sales in this period.';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
    >
      <h3 id={id} className="text-base font-semibold text-foreground">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What the live region says: the run in progress, and that it ended (heard, not only seen). */
function useRunAnnouncement(period: PeriodDetailDto) {
  const previous = useRef(period.status);
  const [ended, setEnded] = useState('');
  useEffect(() => {
    const was = previous.current;
    previous.current = period.status;
    if (was !== 'running' || period.status === 'running') return;
    setEnded(
      period.error
        ? 'The run stopped. Its reason is shown below.'
        : `Statements computed: ${period.statement_rows.length.toLocaleString('en-US')} to review below.`,
    );
  }, [period.status, period.error, period.statement_rows.length]);
  return period.status === 'running' ? RUNNING_TEXT : ended;
}

function PeriodDetail({ period }: { period: PeriodDetailDto }) {
  const run = useRunPeriod(period.id);
  const approve = useApprovePeriod(period.id);
  const publish = usePublishPeriod(period.id);
  const [choice, setChoice] = useState<ImportChoice>(() => importChoiceOf(period.import_ids));
  const [choiceProblem, setChoiceProblem] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [openStatement, setOpenStatement] = useState<StatementSummaryDto | null>(null);
  const announcement = useRunAnnouncement(period);

  const isPublished = period.status === 'published';
  const isRunning = period.status === 'running';
  // An approved period may still be run again (it then needs approving again); a published one never.
  const canRun = period.status === 'open' || period.status === 'computed' || period.status === 'approved';
  const uncontracted = uncontractedText(period);

  const startRun = () => {
    if (choice.mode === 'chosen' && choice.ids.size === 0) {
      setChoiceProblem(NONE_CHOSEN);
      return;
    }
    setChoiceProblem(null);
    approve.reset();
    run.mutate(choice.mode === 'all' ? {} : { import_ids: [...choice.ids] });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-semibold tracking-tight">{period.name}</h2>
          <PeriodStatusBadge status={period.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {formatMonths(period.start_month, period.end_month)}
          {period.run_at ? ` · last run ${formatDateTime(period.run_at)}` : ''}
        </p>
        <p className="text-sm tabular-nums text-foreground [overflow-wrap:anywhere]">{payableText(period)}</p>
        {uncontracted ? (
          <p className="text-sm tabular-nums text-warning [overflow-wrap:anywhere]">{uncontracted}</p>
        ) : null}
      </div>

      {isPublished ? (
        <Alert variant="info">
          <span className="inline-flex items-center gap-1.5">
            <Lock aria-hidden="true" className="size-4" />
            Published{period.published_at ? ` ${formatDateTime(period.published_at)}` : ''}: this period is
            locked and its statements are read-only.
          </span>
        </Alert>
      ) : null}

      <Section id="period-rates" title="Exchange rates">
        <PeriodRatesEditor period={period} isReadOnly={isPublished} />
      </Section>

      <Section id="period-imports" title="Imports used">
        <PeriodImportsChooser
          period={period}
          choice={choice}
          onChange={(next) => {
            setChoiceProblem(null);
            setChoice(next);
          }}
          isReadOnly={isPublished}
          problem={choiceProblem}
        />
      </Section>

      <div className="flex flex-col gap-3">
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-foreground empty:hidden">
          {isRunning ? <Spinner className="size-4 text-primary" /> : null}
          {announcement}
        </p>
        {period.error && !isRunning ? <Alert>{period.error}</Alert> : null}
        {run.isError ? (
          <Alert>{run.error.message || 'The period could not be run. Please try again.'}</Alert>
        ) : null}
        {canRun ? (
          <div>
            <Button onClick={startRun} isLoading={run.isPending}>
              {period.status === 'open' ? <Play aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
              {period.status === 'open' ? STATEMENT_TEXTS.runPeriod : STATEMENT_TEXTS.runAgain}
            </Button>
          </div>
        ) : null}
      </div>

      <Section id="period-statements" title="Statements">
        {period.statement_rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {period.status === 'open' || isRunning
              ? 'Run the period to compute each payee’s statement.'
              : 'No statements: no contract’s recordings had sales in the imports used.'}
          </p>
        ) : (
          <StatementsTable rows={period.statement_rows} periodName={period.name} onOpen={setOpenStatement} />
        )}
        {approve.isError ? (
          <Alert>{approve.error.message || 'The period could not be approved.'}</Alert>
        ) : null}
        {period.status === 'computed' ? (
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p className="text-sm text-muted-foreground">
              Checked every statement? Approve them, then publish.
            </p>
            <Button onClick={() => approve.mutate()} isLoading={approve.isPending}>
              {STATEMENT_TEXTS.approve}
            </Button>
          </div>
        ) : null}
        {period.status === 'approved' ? (
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p className="text-sm text-muted-foreground">
              Approved{period.approved_at ? ` ${formatDateTime(period.approved_at)}` : ''}.
            </p>
            <Button
              onClick={() => {
                publish.reset();
                setIsConfirming(true);
              }}
            >
              {STATEMENT_TEXTS.publish}
            </Button>
          </div>
        ) : null}
      </Section>

      <ConfirmDialog
        open={isConfirming}
        title={`Publish ${period.name}?`}
        description={PUBLISH_WARNING}
        confirmLabel={STATEMENT_TEXTS.publish}
        destructive={false}
        isPending={publish.isPending}
        error={publish.error}
        onConfirm={() => publish.mutate(undefined, { onSuccess: () => setIsConfirming(false) })}
        onClose={() => setIsConfirming(false)}
      />
      {openStatement ? (
        <StatementSheet
          id={openStatement.id}
          title={openStatement.payee_name}
          onClose={() => setOpenStatement(null)}
        />
      ) : null}
    </div>
  );
}

/**
 * A period's page (?period= on the Statements tab): its exchange rates, the imports it uses, "Run
 * period" and the run followed live (realtime, and a 2 s poll while it runs), its statements per
 * payee with what changed since the last run, then Approve and Publish (asked first: it locks the
 * period). A published period is shown read-only.
 */
export function PeriodPanel({ periodId, onBack }: { periodId: string; onBack: () => void }) {
  const period = usePeriod(periodId);
  let content: ReactNode;
  if (period.data) {
    content = <PeriodDetail key={period.data.id} period={period.data} />;
  } else if (period.isError) {
    content =
      isApiError(period.error) && period.error.status === 404 ? (
        <p className="text-sm text-muted-foreground">This period was not found. Choose one from the list.</p>
      ) : (
        <LoadError
          message={period.error.message || 'The period could not be loaded.'}
          onRetry={() => void period.refetch()}
        />
      );
  } else {
    content = <LoadingState label="Loading the period" className="py-10" />;
  }
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          All periods
        </Button>
      </div>
      {content}
    </div>
  );
}
