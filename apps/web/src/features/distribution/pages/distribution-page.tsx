import { DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../../lib/me';
import { useDistributionListRefresh } from '../api/distribution-refresh';
import { useDestinations } from '../api/list-destinations';
import { useDistributionReleases } from '../api/list-distribution-releases';
import { type DestinationEditing, DestinationsPanel } from '../components/destinations-panel';
import { DistributionTabs } from '../components/distribution-tabs';
import { isPlanRequired, PlanRequired } from '../components/plan-required';
import { ReleasesPanel } from '../components/releases-panel';
import { SummaryTiles } from '../components/summary-tiles';
import { useDistributionUrl } from '../distribution-url';

/**
 * /distribution: the label's releases on their way to the stores. Three figures at the top (stores
 * in error, releases in error, releases going live this week); the releases with their pipeline
 * status, filtered by status, destination and a search kept in the URL, each linking to its own
 * page; and the destinations they are delivered to. Live: any change refetches what is shown.
 */
export function DistributionPage() {
  const me = useMe();
  const url = useDistributionUrl();
  const [editing, setEditing] = useState<DestinationEditing>(null);
  const hasPlan = me.data?.organization?.has_catalogue !== false;
  const isAdmin = me.data?.reviewer?.is_admin === true;
  const releases = useDistributionReleases(url.filters, { enabled: hasPlan });
  const destinations = useDestinations({ enabled: hasPlan });
  useDistributionListRefresh();

  const isGated = !hasPlan || isPlanRequired(releases.error) || isPlanRequired(destinations.error);
  const addDestination = () => {
    url.setTab('destinations');
    setEditing('new');
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={DISTRIBUTION_TEXTS.heading}
        subtitle="Deliver releases to the stores as DDEX messages and follow each store until it is live"
      />
      {isGated ? (
        <PlanRequired />
      ) : (
        <>
          <SummaryTiles counts={releases.data?.pages[0]?.counts ?? null} />
          <DistributionTabs
            tab={url.tab}
            onChange={(tab) => {
              if (tab !== url.tab) url.setTab(tab);
            }}
          >
            {url.tab === 'releases' ? (
              <ReleasesPanel
                releases={releases}
                filters={url.filters}
                onFilterChange={url.setFilter}
                onClearFilters={url.clearFilters}
                destinations={destinations.data?.destinations ?? null}
                isAdmin={isAdmin}
                onAddDestination={addDestination}
              />
            ) : (
              <DestinationsPanel
                destinations={destinations}
                isAdmin={isAdmin}
                editing={editing}
                onEditingChange={setEditing}
              />
            )}
          </DistributionTabs>
        </>
      )}
    </div>
  );
}
