import { AR_DEFINITIONS, AR_MESSAGES, RECOUPMENT_LABELS } from '@music-review/core/analytics-ar';
import { compareDecimals } from '@music-review/core/money';
import { LoadError } from '../../../components/list-states';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { isPlanRequired, PlanRequired } from '../../finance';
import type { DemoRevenueDto, SignedDemoDto } from '../analytics-types';
import { useExportArCsv } from '../api/export-ar-csv';
import { useDemoRevenue } from '../api/get-demo-revenue';
import { rankedSummary } from './breakdown-cards';
import { CardSkeleton, ChartCard } from './chart-card';
import { RankedBars } from './chart-figures';
import { CHART_COLORS } from './chart-theme';
import { DataTable } from './data-table';
import { formatAmount, formatAmounts, formatCount, formatDay, formatScore, plotted } from './format';
import { RatesUsed } from './rates-note';
import { UpdatingNote } from './updating-note';

const RECOUPMENT_BADGES: Record<SignedDemoDto['recoupment']['state'], BadgeVariant> = {
  recouped: 'success',
  unrecouped: 'warning',
  no_advance: 'neutral',
  no_terms: 'neutral',
};

const NO_RANGE = { from: '', to: '' };

/** What a demo or a member's demos earned: the reporting currency, then what no rate converts. */
function Earned({ earned, currency }: { earned: SignedDemoDto['earned']; currency: string }) {
  return (
    <span className="flex flex-col items-end">
      <span>{formatAmount(earned.amount, currency)}</span>
      {earned.not_converted.length > 0 ? (
        <span className="text-xs text-muted-foreground">
          + {formatAmounts(earned.not_converted)} not converted
        </span>
      ) : null}
    </span>
  );
}

function Recoupment({ demo }: { demo: SignedDemoDto }) {
  const { state, remaining } = demo.recoupment;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge variant={RECOUPMENT_BADGES[state]}>{RECOUPMENT_LABELS[state]}</Badge>
      {state === 'unrecouped' && remaining.length > 0 ? (
        <span className="text-xs text-muted-foreground whitespace-nowrap">
          {formatAmounts(remaining)} to go
        </span>
      ) : null}
    </span>
  );
}

function Advance({ advance }: { advance: SignedDemoDto['advance'] }) {
  if (!advance) return <span className="text-muted-foreground">None</span>;
  return (
    <span className="flex flex-col">
      <span className="whitespace-nowrap">{formatAmounts(advance.amounts)}</span>
      <span className="text-xs text-muted-foreground">
        {advance.source === 'ledger' ? 'From the ledger' : 'From the contract'}
      </span>
    </span>
  );
}

/** Signed demos, their review scores at decision beside what their recordings earned since. */
function SignedDemos({
  answer,
  download,
}: {
  answer: DemoRevenueDto;
  download: ReturnType<typeof useExportArCsv>;
}) {
  const currency = answer.reporting_currency;
  const bars = answer.demos
    .map((demo) => ({
      label: demo.title,
      amount: demo.earned.amount,
      earned: plotted(demo.earned.amount),
      text: formatAmount(demo.earned.amount, currency),
    }))
    .sort((a, b) => compareDecimals(b.amount, a.amount))
    .slice(0, 10);
  return (
    <ChartCard
      title="Signed demos"
      description={`${AR_DEFINITIONS.reviewScores} ${AR_DEFINITIONS.earnings}`}
      empty={answer.demos.length === 0 ? AR_MESSAGES.noSignedDemos : null}
      chart={
        <RankedBars
          data={bars}
          nameKey="label"
          series={{ key: 'earned', label: 'Earned', color: CHART_COLORS.brand, text: (bar) => bar.text }}
          summary={rankedSummary(
            `What signed demos earned in ${currency}`,
            bars.map((bar) => ({ label: bar.label, text: bar.text })),
            answer.demos.length,
            'since signing',
          )}
        />
      }
      table={
        <DataTable
          caption="Signed demos: scores at decision and earnings since"
          columns={[
            {
              header: 'Demo',
              cell: (d) => (
                <span className="flex flex-col">
                  <span className="font-medium">{d.title}</span>
                  <span className="text-xs text-muted-foreground">{d.artist}</span>
                </span>
              ),
              isRowHeader: true,
            },
            { header: 'Signed', cell: (d) => formatDay(d.signed_at), isNowrap: true },
            { header: 'Reviews', cell: (d) => formatCount(d.averages.reviews), isNumeric: true },
            { header: 'Overall', cell: (d) => formatScore(d.averages.overall), isNumeric: true },
            { header: 'Musical', cell: (d) => formatScore(d.averages.musical), isNumeric: true },
            { header: 'Artist', cell: (d) => formatScore(d.averages.artist), isNumeric: true },
            {
              header: `Earned (${currency})`,
              cell: (d) => <Earned earned={d.earned} currency={currency} />,
              isNumeric: true,
            },
            { header: 'As reported', cell: (d) => formatAmounts(d.earnings), isNumeric: true },
            { header: 'Advance', cell: (d) => <Advance advance={d.advance} /> },
            { header: 'Recoupment', cell: (d) => <Recoupment demo={d} /> },
          ]}
          rows={answer.demos}
          rowKey={(d) => d.song_id}
        />
      }
      download={download}
      footer={
        <RatesUsed
          rates={answer.rates_used}
          currency={currency}
          hasNotConverted={answer.demos.some((d) => d.earned.not_converted.length > 0)}
        />
      }
    />
  );
}

/** Which members' high scores became income: most signed first, then most earned. */
function HighScores({ answer }: { answer: DemoRevenueDto }) {
  const currency = answer.reporting_currency;
  const bars = answer.reviewers.slice(0, 10).map((r) => ({
    label: r.name,
    earned: plotted(r.earned.amount),
    text: formatAmount(r.earned.amount, currency),
  }));
  return (
    <ChartCard
      title="High scores that became income"
      description={AR_DEFINITIONS.highScore}
      empty={answer.reviewers.length === 0 ? 'No member has reviewed a signed demo yet.' : null}
      chart={
        <RankedBars
          data={bars}
          nameKey="label"
          series={{ key: 'earned', label: 'Earned', color: CHART_COLORS.brand, text: (bar) => bar.text }}
          summary={rankedSummary(
            `What the demos each member scored high earned, in ${currency}`,
            bars.map((bar) => ({ label: bar.label, text: bar.text })),
            answer.reviewers.length,
            'since signing',
          )}
        />
      }
      table={
        <DataTable
          caption="High scores that became income, per member"
          columns={[
            { header: 'Member', cell: (r) => r.name, isRowHeader: true },
            { header: 'Median score', cell: (r) => formatScore(r.median_score), isNumeric: true },
            { header: 'Scored high', cell: (r) => formatCount(r.high_scored), isNumeric: true },
            { header: 'Of those signed', cell: (r) => formatCount(r.high_signed), isNumeric: true },
            {
              header: `Earned (${currency})`,
              cell: (r) => <Earned earned={r.earned} currency={currency} />,
              isNumeric: true,
            },
            {
              header: 'Signed demos',
              cell: (r) => (r.demos.length === 0 ? '—' : r.demos.map((d) => d.title).join(', ')),
            },
          ]}
          rows={answer.reviewers}
          rowKey={(r) => r.reviewer_id}
        />
      }
    />
  );
}

/**
 * The Demo to revenue tab: for every signed demo, its review averages at decision beside what its
 * recording has earned since, its advance and recoupment; and which members' high scores became
 * income. Reads statement lines, so it needs the catalogue plan.
 */
export function DemoRevenuePanel() {
  const query = useDemoRevenue();
  const download = useExportArCsv('demo_revenue', NO_RANGE);
  if (isPlanRequired(query.error)) return <PlanRequired error={query.error} />;
  if (query.isError && !query.data) {
    return (
      <LoadError
        message={query.error.message || 'Demo to revenue could not be loaded.'}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) {
    return (
      <div className="flex flex-col gap-4">
        <CardSkeleton label="Loading signed demos" />
        <CardSkeleton label="Loading high scores" height="h-32" />
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <UpdatingNote updating={query.data.updating} />
      <SignedDemos answer={query.data} download={download} />
      <HighScores answer={query.data} />
    </div>
  );
}
