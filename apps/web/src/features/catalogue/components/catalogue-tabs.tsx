import { CATALOGUE_TAB_LABELS, CATALOGUE_TABS, type CatalogueTab } from '@music-review/core/catalogue';
import type { ReactNode } from 'react';
import { Tabs } from '../../../components/ui/tabs';

/** The tabs "Recordings", "Releases", "Works" over the current one's panel; the tab lives in the URL. */
export function CatalogueTabs({
  tab,
  onChange,
  children,
}: {
  tab: CatalogueTab;
  onChange: (tab: CatalogueTab) => void;
  children: ReactNode;
}) {
  return (
    <Tabs label="Catalogue" tabs={CATALOGUE_TABS} labels={CATALOGUE_TAB_LABELS} tab={tab} onChange={onChange}>
      {children}
    </Tabs>
  );
}
