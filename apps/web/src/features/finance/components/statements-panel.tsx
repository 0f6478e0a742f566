import { CalendarRange } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/list-states';
import type { useFinanceSettings } from '../api/get-finance-settings';
import type { usePeriods } from '../api/list-periods';
import { usePeriodsRefresh } from '../api/periods-refresh';
import { AddPeriodForm } from './add-period-form';
import { CadenceSetting } from './cadence-setting';
import { PeriodList } from './period-list';
import { PeriodPanel } from './period-panel';

/**
 * The Statements tab: the label's period length, "Add period", and the periods newest first; a
 * period opens in place (?period= in the URL) with its rates, imports, run and statements. Periods
 * are followed live while the tab is open.
 */
export function StatementsPanel({
  periods,
  settings,
  openPeriodId,
  onOpenPeriod,
}: {
  periods: ReturnType<typeof usePeriods>;
  settings: ReturnType<typeof useFinanceSettings>;
  openPeriodId: string;
  onOpenPeriod: (id: string) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  usePeriodsRefresh();

  if (openPeriodId) return <PeriodPanel periodId={openPeriodId} onBack={() => onOpenPeriod('')} />;

  const rows = periods.data?.rows ?? [];
  let content: ReactNode;
  if (periods.isPending) {
    content = <ListSkeleton label="Loading periods" />;
  } else if (periods.isError) {
    content = (
      <LoadError
        message={periods.error.message || 'The periods could not be loaded.'}
        onRetry={() => void periods.refetch()}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState icon={CalendarRange} title="No periods yet">
        Add the first period with a month it holds. Running it computes each payee’s statement from the
        imported sales of the contracts with terms.
      </EmptyState>
    );
  } else {
    content = <PeriodList rows={rows} onOpen={(period) => onOpenPeriod(period.id)} />;
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="md:w-72">
          <CadenceSetting settings={settings} />
        </div>
        <AddPeriodForm onAdded={(period) => setAnnouncement(`${period.name} added. Open it to run it.`)} />
      </div>
      <p role="status" className="text-sm font-medium text-foreground empty:hidden">
        {announcement}
      </p>
      <h2 className="text-base font-semibold text-foreground">Periods</h2>
      {content}
    </div>
  );
}
