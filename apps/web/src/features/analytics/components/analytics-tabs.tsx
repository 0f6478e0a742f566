import { ANALYTICS_TEXTS } from '@music-review/core/analytics';
import type { ReactNode } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { ANALYTICS_TABS, type AnalyticsTab } from '../analytics-url';

/** The names for the tabs (users, tests and the browser tests rely on them). */
export const ANALYTICS_TAB_LABELS: Record<AnalyticsTab, string> = {
  performance: 'Performance',
  ar: 'A&R',
  'demo-revenue': 'Demo to revenue',
  'missing-income': 'Missing income',
  'catalogue-value': 'Catalogue value',
};

/** The five tabs over the current one's panel; the tab lives in the URL. The strip scrolls on a phone. */
export function AnalyticsTabs({
  tab,
  onChange,
  children,
}: {
  tab: AnalyticsTab;
  onChange: (tab: AnalyticsTab) => void;
  children: ReactNode;
}) {
  return (
    <Tabs
      label={ANALYTICS_TEXTS.heading}
      tabs={ANALYTICS_TABS}
      labels={ANALYTICS_TAB_LABELS}
      tab={tab}
      onChange={onChange}
    >
      {children}
    </Tabs>
  );
}
