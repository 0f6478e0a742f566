import { FINANCE_TEXTS } from '@music-review/core/royalties';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../../lib/me';
import { pagedRows } from '../../../lib/paged-rows';
import { useFinanceRefresh, useRefreshWhenImportsFinish } from '../api/finance-refresh';
import { useFinanceSettings } from '../api/get-finance-settings';
import { useFinanceSummary } from '../api/get-finance-summary';
import { useDeals } from '../api/list-deals';
import { usePaymentsDue } from '../api/list-payments-due';
import { usePeriods } from '../api/list-periods';
import { useStatementImports } from '../api/list-statement-imports';
import { useUnmatched } from '../api/list-unmatched';
import { usePaymentsRefresh } from '../api/payments-refresh';
import { ContractsPanel } from '../components/contracts-panel';
import { FinanceTabs } from '../components/finance-tabs';
import { ImportsPanel } from '../components/imports-panel';
import { unrecoupedTotals } from '../components/payments-format';
import { PaymentsPanel } from '../components/payments-panel';
import { isPlanRequired, PlanRequired } from '../components/plan-required';
import { StatementsPanel } from '../components/statements-panel';
import { SummaryStrip } from '../components/summary-strip';
import { UnmatchedPanel } from '../components/unmatched-panel';
import { useFinanceUrl } from '../finance-url';

/**
 * /finance: the label's income from its distributors' statements and the royalties it owes (issue
 * 16). A summary (income of the latest quarter, what matched nothing, imports waiting for a
 * decision); the Imports tab, where statements are imported and followed live; the Unmatched tab,
 * where lines that matched nothing are resolved; the Contracts tab, each signed contract's royalty
 * terms and ledger; the Statements tab, where periods are run, approved and published; and the
 * Payments tab, where what is owed is paid. The summary adds what is to pay and the advances not yet
 * recouped, so those two lists load on every tab. The tab, the search, and the open contract or
 * period live in the URL.
 */
export function FinancePage() {
  const me = useMe();
  const url = useFinanceUrl();
  const hasPlan = me.data?.organization?.has_catalogue !== false;
  const summary = useFinanceSummary({ enabled: hasPlan });
  // Loaded on every tab: the page notices an import finishing (Unmatched then changes) either way.
  const imports = useStatementImports({ enabled: hasPlan });
  const unmatched = useUnmatched(url.q, { enabled: hasPlan && url.tab === 'unmatched' });
  // The summary's "Unrecouped advances" and "To pay" come from these two, on every tab.
  const deals = useDeals({ enabled: hasPlan });
  const due = usePaymentsDue({ enabled: hasPlan });
  const isStatements = hasPlan && url.tab === 'statements';
  const periods = usePeriods({ enabled: isStatements });
  const settings = useFinanceSettings({ enabled: isStatements });
  const importRows = pagedRows(imports.data);
  useFinanceRefresh();
  usePaymentsRefresh();
  useRefreshWhenImportsFinish(importRows.rows);

  const gate = [
    summary.error,
    imports.error,
    unmatched.error,
    deals.error,
    due.error,
    periods.error,
    settings.error,
  ].find(isPlanRequired);
  const isGated = !hasPlan || gate !== undefined;

  let panel: ReactNode;
  if (url.tab === 'imports') {
    panel = <ImportsPanel imports={imports} />;
  } else if (url.tab === 'unmatched') {
    panel = (
      <UnmatchedPanel
        unmatched={unmatched}
        q={url.q}
        onSearch={url.setQuery}
        hasImports={importRows.total > 0}
        onShowImports={() => url.setTab('imports')}
      />
    );
  } else if (url.tab === 'contracts') {
    panel = <ContractsPanel deals={deals} openDealId={url.deal} onOpenDeal={url.setDeal} />;
  } else if (url.tab === 'payments') {
    panel = <PaymentsPanel due={due} isAdmin={me.data?.reviewer?.is_admin === true} />;
  } else {
    panel = (
      <StatementsPanel
        periods={periods}
        settings={settings}
        openPeriodId={url.period}
        onOpenPeriod={url.setPeriod}
      />
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={FINANCE_TEXTS.heading}
        subtitle="Import your distributors’ statements, match every line to your catalogue, account royalties per contract, and pay what is owed"
      />
      {isGated ? (
        <PlanRequired error={gate} />
      ) : (
        <>
          {summary.isError ? (
            <LoadError
              message={summary.error.message || 'The summary could not be loaded.'}
              onRetry={() => void summary.refetch()}
            />
          ) : (
            <SummaryStrip
              summary={summary.data}
              toPay={{
                amounts: due.data?.totals,
                isError: due.isError,
                onRetry: () => void due.refetch(),
              }}
              unrecouped={{
                amounts: deals.data ? unrecoupedTotals(deals.data.rows) : undefined,
                isError: deals.isError,
                onRetry: () => void deals.refetch(),
              }}
            />
          )}
          <FinanceTabs
            tab={url.tab}
            onChange={(tab) => {
              if (tab !== url.tab) url.setTab(tab);
            }}
          >
            {panel}
          </FinanceTabs>
        </>
      )}
    </div>
  );
}
