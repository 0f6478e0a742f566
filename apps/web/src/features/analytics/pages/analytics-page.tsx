import { ANALYTICS_TEXTS } from '@music-review/core/analytics';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../../lib/me';
import { PlanRequired } from '../../finance';
import { useAnalyticsUrl } from '../analytics-url';
import { useAnalyticsRefresh } from '../api/analytics-refresh';
import { AnalyticsTabs } from '../components/analytics-tabs';
import { ArPanel } from '../components/ar-panel';
import { CatalogueValuePanel } from '../components/catalogue-value-panel';
import { DemoRevenuePanel } from '../components/demo-revenue-panel';
import { MissingIncomePanel } from '../components/missing-income-panel';
import { PerformancePanel } from '../components/performance-panel';

/**
 * /analytics (issue 17): what the catalogue earns, where and when, and how A&R performs. Tabs:
 * Performance (from imported statements: income, units and streams over time, by store, territory,
 * release, track and artist, lifecycle, per stream), A&R (the demo funnel, from review data: every
 * plan), Demo to revenue (what signed demos earned), Missing income (stores and territories that
 * stopped reporting a recording) and Catalogue value (the last twelve months per artist and release).
 * The tab, the filters and an open alert live in the URL; everything is read again when statements
 * change. A label whose plan lacks the catalogue sees Finance's plan notice on the statement tabs.
 */
export function AnalyticsPage() {
  const me = useMe();
  const url = useAnalyticsUrl();
  const hasPlan = me.data?.organization?.has_catalogue !== false;
  useAnalyticsRefresh();

  let panel: ReactNode;
  if (url.tab === 'ar') panel = <ArPanel url={url} />;
  else if (!hasPlan) panel = <PlanRequired />;
  else if (url.tab === 'demo-revenue') panel = <DemoRevenuePanel />;
  else if (url.tab === 'missing-income') panel = <MissingIncomePanel url={url} />;
  else if (url.tab === 'catalogue-value') panel = <CatalogueValuePanel />;
  else panel = <PerformancePanel url={url} />;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        title={ANALYTICS_TEXTS.heading}
        subtitle="What your catalogue earns, where and when, and which demos became income"
      />
      <AnalyticsTabs
        tab={url.tab}
        onChange={(tab) => {
          if (tab !== url.tab) url.setTab(tab);
        }}
      >
        {panel}
      </AnalyticsTabs>
    </div>
  );
}
