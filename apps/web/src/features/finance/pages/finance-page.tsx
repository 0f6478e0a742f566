import { FINANCE_TEXTS } from '@music-review/core/royalties';
import { LoadError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../../lib/me';
import { pagedRows } from '../../../lib/paged-rows';
import { useFinanceRefresh, useRefreshWhenImportsFinish } from '../api/finance-refresh';
import { useFinanceSummary } from '../api/get-finance-summary';
import { useStatementImports } from '../api/list-statement-imports';
import { useUnmatched } from '../api/list-unmatched';
import { FinanceTabs } from '../components/finance-tabs';
import { ImportsPanel } from '../components/imports-panel';
import { isPlanRequired, PlanRequired } from '../components/plan-required';
import { SummaryStrip } from '../components/summary-strip';
import { UnmatchedPanel } from '../components/unmatched-panel';
import { useFinanceUrl } from '../finance-url';

/**
 * /finance: the label's income from its distributors' statements (issue 16, first step). A summary
 * (income of the latest quarter, what matched nothing, imports waiting for a decision); the Imports
 * tab, where statements are imported and followed live; and the Unmatched tab, where lines that
 * matched nothing in the catalogue are resolved. The tab and the search live in the URL.
 */
export function FinancePage() {
  const me = useMe();
  const url = useFinanceUrl();
  const hasPlan = me.data?.organization?.has_catalogue !== false;
  const summary = useFinanceSummary({ enabled: hasPlan });
  // Loaded on both tabs: the page notices an import finishing (Unmatched then changes) either way.
  const imports = useStatementImports({ enabled: hasPlan });
  const unmatched = useUnmatched(url.q, { enabled: hasPlan && url.tab === 'unmatched' });
  const importRows = pagedRows(imports.data);
  useFinanceRefresh();
  useRefreshWhenImportsFinish(importRows.rows);

  const gate = [summary.error, imports.error, unmatched.error].find(isPlanRequired);
  const isGated = !hasPlan || gate !== undefined;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={FINANCE_TEXTS.heading}
        subtitle="Import your distributors’ statements and match every line to your catalogue"
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
            <SummaryStrip summary={summary.data} />
          )}
          <FinanceTabs
            tab={url.tab}
            onChange={(tab) => {
              if (tab !== url.tab) url.setTab(tab);
            }}
          >
            {url.tab === 'imports' ? (
              <ImportsPanel imports={imports} />
            ) : (
              <UnmatchedPanel
                unmatched={unmatched}
                q={url.q}
                onSearch={url.setQuery}
                hasImports={importRows.total > 0}
                onShowImports={() => url.setTab('imports')}
              />
            )}
          </FinanceTabs>
        </>
      )}
    </div>
  );
}
