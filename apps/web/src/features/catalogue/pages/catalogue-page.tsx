import { CATALOGUE_TEXTS, type CatalogueTab } from '@music-review/core/catalogue';
import type { ReleaseDto } from '@music-review/core/contracts/catalogue';
import { Settings } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/me';
import { useCatalogueRefresh } from '../api/catalogue-refresh';
import { emptyView, type RecordKind } from '../catalogue-view';
import { NeedsAttentionButton } from '../components/attention/needs-attention-button';
import { NeedsAttentionPanel } from '../components/attention/needs-attention-panel';
import { CatalogueTabs } from '../components/catalogue-tabs';
import { RecordingDrawer } from '../components/recordings/recording-drawer';
import { RecordingsTab } from '../components/recordings/recordings-tab';
import { ReleaseDrawer } from '../components/releases/release-drawer';
import { ReleasesTab } from '../components/releases/releases-tab';
import { SettingsPanel } from '../components/settings/settings-panel';
import { PlanRequired } from '../components/shared/plan-required';
import { ToolbarExtras } from '../components/toolbar-extras';
import { WorkDrawer } from '../components/works/work-drawer';
import { WorksTab } from '../components/works/works-tab';
import { useCatalogueUrl } from '../use-catalogue-url';

/**
 * /catalogue: the label's recordings, releases and works in grids over server pages, with search,
 * filters and saved views kept in the URL; a drawer per record (?recording=, ?release=, ?work=) to
 * edit it in place; "Needs attention" and the catalogue settings as panels (?panel=). Live: a change
 * anyone makes refetches what is on screen.
 */
export function CataloguePage() {
  const me = useMe();
  const navigate = useNavigate();
  const url = useCatalogueUrl();
  const { view } = url;
  useCatalogueRefresh();
  const hasPlan = me.data?.organization?.has_catalogue !== false;

  const recordSearch = url.recordSearch;
  const recordLink = useCallback(
    (kind: RecordKind) => (id: string) => recordSearch(kind, id),
    [recordSearch],
  );
  const onReleaseCreated = (release: ReleaseDto) =>
    navigate(paths.catalogue.href({ tab: 'releases', release: release.id }));
  const changeTab = (tab: CatalogueTab) => {
    if (tab !== view.tab) url.updateView(emptyView(tab));
  };
  const extras = <ToolbarExtras tab={view.tab} view={view} />;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={CATALOGUE_TEXTS.catalogueHeading}
        subtitle="Every recording, release and work the label holds, with their codes, credits and shares"
        actions={
          hasPlan ? (
            <>
              <NeedsAttentionButton onOpen={() => url.openPanel('attention')} />
              <Button
                variant="ghost"
                size="icon"
                aria-label="Catalogue settings"
                onClick={() => url.openPanel('settings')}
              >
                <Settings aria-hidden="true" />
              </Button>
            </>
          ) : undefined
        }
      />
      {!hasPlan ? (
        <PlanRequired />
      ) : (
        <CatalogueTabs tab={view.tab} onChange={changeTab}>
          {view.tab === 'recordings' ? (
            <RecordingsTab
              view={view}
              onViewChange={url.updateView}
              recordLink={recordLink('recordings')}
              onReleaseCreated={onReleaseCreated}
              toolbarExtras={extras}
            />
          ) : view.tab === 'releases' ? (
            <ReleasesTab
              view={view}
              onViewChange={url.updateView}
              recordLink={recordLink('releases')}
              onReleaseCreated={onReleaseCreated}
              toolbarExtras={extras}
            />
          ) : (
            <WorksTab
              view={view}
              onViewChange={url.updateView}
              recordLink={recordLink('works')}
              toolbarExtras={extras}
            />
          )}
        </CatalogueTabs>
      )}
      {hasPlan && url.open.recording ? (
        <RecordingDrawer
          key={url.open.recording}
          id={url.open.recording}
          onClose={() => url.closeRecord('recordings')}
        />
      ) : null}
      {hasPlan && url.open.release ? (
        <ReleaseDrawer
          key={url.open.release}
          id={url.open.release}
          onClose={() => url.closeRecord('releases')}
        />
      ) : null}
      {hasPlan && url.open.work ? (
        <WorkDrawer key={url.open.work} id={url.open.work} onClose={() => url.closeRecord('works')} />
      ) : null}
      {hasPlan && url.panel === 'attention' ? <NeedsAttentionPanel onClose={url.closePanel} /> : null}
      {hasPlan && url.panel === 'settings' ? <SettingsPanel onClose={url.closePanel} /> : null}
    </div>
  );
}
