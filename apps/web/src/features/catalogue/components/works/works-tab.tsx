import type { WorkRowDto } from '@music-review/core/contracts/catalogue';
import { type ReactNode, useMemo } from 'react';
import { fetchWorks } from '../../api/list-works';
import { type CatalogueView, sortPatch, toApiQuery, viewKey, type WorksQuery } from '../../catalogue-view';
import { GridArea } from '../grid/grid-area';
import type { FetchPage } from '../grid/use-paged-rows';
import { TabToolbar } from '../shared/tab-toolbar';
import { workColumns } from './work-columns';

/** The Works tab: toolbar and the grid of compositions. */
export function WorksTab({
  view,
  onViewChange,
  recordLink,
  toolbarExtras,
}: {
  view: CatalogueView;
  onViewChange: (patch: Partial<CatalogueView>) => void;
  recordLink: (id: string) => string;
  toolbarExtras?: ReactNode;
}) {
  const columns = useMemo(() => workColumns(recordLink), [recordLink]);
  const fetchPage: FetchPage<WorkRowDto> = (api, paging, signal) =>
    fetchWorks(api, { ...(toApiQuery(view) as WorksQuery), ...paging }, signal);
  return (
    <div className="flex flex-col gap-4">
      <TabToolbar view={view} onViewChange={onViewChange} extras={toolbarExtras} />
      <GridArea<WorkRowDto>
        key={viewKey(view)}
        view={view}
        label="Works"
        noun={['work', 'works']}
        columns={columns}
        fetchPage={fetchPage}
        rowName={(row) => row.title}
        onSort={(sort) => onViewChange(sortPatch(view, sort))}
        onClearFilters={() => onViewChange({ q: '', artist: '', missing: '' })}
        emptyText="Works come with the metadata forms of signed songs, or import them."
      />
    </div>
  );
}
