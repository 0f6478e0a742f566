import { DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import type { ReactNode } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { DISTRIBUTION_TABS, type DistributionTab } from '../distribution-url';

const LABELS: Record<DistributionTab, string> = {
  releases: 'Releases',
  destinations: DISTRIBUTION_TEXTS.destinations,
};

/** The tabs "Releases" and "Destinations" over the current one's panel; the tab lives in the URL. */
export function DistributionTabs({
  tab,
  onChange,
  children,
}: {
  tab: DistributionTab;
  onChange: (tab: DistributionTab) => void;
  children: ReactNode;
}) {
  return (
    <Tabs
      label={DISTRIBUTION_TEXTS.heading}
      tabs={DISTRIBUTION_TABS}
      labels={LABELS}
      tab={tab}
      onChange={onChange}
    >
      {children}
    </Tabs>
  );
}
