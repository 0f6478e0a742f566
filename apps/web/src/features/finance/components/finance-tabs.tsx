import { FINANCE_TEXTS } from '@music-review/core/royalties';
import type { ReactNode } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { FINANCE_TABS, type FinanceTab } from '../finance-url';

const LABELS: Record<FinanceTab, string> = {
  imports: FINANCE_TEXTS.importsTab,
  unmatched: FINANCE_TEXTS.unmatchedTab,
  contracts: FINANCE_TEXTS.contractsTab,
  statements: FINANCE_TEXTS.statementsTab,
  payments: FINANCE_TEXTS.paymentsTab,
};

/**
 * The tabs "Imports", "Unmatched", "Contracts", "Statements" and "Payments" over the current one's
 * panel; the tab lives in the URL. Five are wider than a phone: the strip scrolls sideways there.
 */
export function FinanceTabs({
  tab,
  onChange,
  children,
}: {
  tab: FinanceTab;
  onChange: (tab: FinanceTab) => void;
  children: ReactNode;
}) {
  return (
    <Tabs label={FINANCE_TEXTS.heading} tabs={FINANCE_TABS} labels={LABELS} tab={tab} onChange={onChange}>
      {children}
    </Tabs>
  );
}
