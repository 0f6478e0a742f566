import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import type { ReleaseDto, ReleaseRowDto } from '@music-review/core/contracts/catalogue';
import { Disc3 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { fetchReleases } from '../../api/list-releases';
import { type CatalogueView, type ReleasesQuery, sortPatch, toApiQuery, viewKey } from '../../catalogue-view';
import { GridArea } from '../grid/grid-area';
import type { FetchPage } from '../grid/use-paged-rows';
import { TabToolbar } from '../shared/tab-toolbar';
import { NewReleaseDialog } from './new-release-dialog';
import { releaseColumns } from './release-columns';

/** The Releases tab: toolbar with "New release", and the grid. */
export function ReleasesTab({
  view,
  onViewChange,
  recordLink,
  onReleaseCreated,
  toolbarExtras,
}: {
  view: CatalogueView;
  onViewChange: (patch: Partial<CatalogueView>) => void;
  recordLink: (id: string) => string;
  onReleaseCreated: (release: ReleaseDto) => void;
  toolbarExtras?: ReactNode;
}) {
  const [isCreating, setIsCreating] = useState(false);
  const columns = useMemo(() => releaseColumns(recordLink), [recordLink]);
  const fetchPage: FetchPage<ReleaseRowDto> = (api, paging, signal) =>
    fetchReleases(api, { ...(toApiQuery(view) as ReleasesQuery), ...paging }, signal);

  return (
    <div className="flex flex-col gap-4">
      <TabToolbar
        view={view}
        onViewChange={onViewChange}
        actions={
          <Button onClick={() => setIsCreating(true)}>
            <Disc3 aria-hidden="true" />
            {CATALOGUE_TEXTS.newRelease}
          </Button>
        }
        extras={toolbarExtras}
      />
      <GridArea<ReleaseRowDto>
        key={viewKey(view)}
        view={view}
        label="Releases"
        noun={['release', 'releases']}
        columns={columns}
        fetchPage={fetchPage}
        rowName={(row) => row.title}
        onSort={(sort) => onViewChange(sortPatch(view, sort))}
        onClearFilters={() => onViewChange({ q: '', artist: '', year: '', status: '', missing: '' })}
        emptyText="Make one from your recordings with “New release”, or import your back catalogue."
      />
      {isCreating ? (
        <NewReleaseDialog
          onClose={() => setIsCreating(false)}
          onCreated={(release) => {
            setIsCreating(false);
            onReleaseCreated(release);
          }}
        />
      ) : null}
    </div>
  );
}
