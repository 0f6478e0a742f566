import type { RecordingRowDto, ReleaseDto } from '@music-review/core/contracts/catalogue';
import { type ReactNode, useMemo, useState } from 'react';
import { fetchRecordings } from '../../api/list-recordings';
import {
  type CatalogueView,
  type RecordingsQuery,
  sortPatch,
  toApiQuery,
  viewKey,
} from '../../catalogue-view';
import { GridArea } from '../grid/grid-area';
import type { FetchPage } from '../grid/use-paged-rows';
import { NewReleaseDialog } from '../releases/new-release-dialog';
import { TabToolbar } from '../shared/tab-toolbar';
import { AssignIsrcBatch } from './assign-isrc-batch';
import { BulkEditDialog } from './bulk-edit-dialog';
import { recordingColumns } from './recording-columns';
import { RecordingsBulkBar } from './recordings-bulk-bar';

type Task =
  | { kind: 'bulk'; rows: RecordingRowDto[] }
  | { kind: 'isrc'; rows: RecordingRowDto[] }
  | { kind: 'release'; rows: RecordingRowDto[] };

/** The Recordings tab: toolbar, the grid with checkboxes, and what the ticked rows can be given. */
export function RecordingsTab({
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
  const [task, setTask] = useState<(Task & { done: () => void }) | null>(null);
  const columns = useMemo(() => recordingColumns(recordLink), [recordLink]);
  const fetchPage: FetchPage<RecordingRowDto> = (api, paging, signal) =>
    fetchRecordings(api, { ...(toApiQuery(view) as RecordingsQuery), ...paging }, signal);

  return (
    <div className="flex flex-col gap-4">
      <TabToolbar view={view} onViewChange={onViewChange} extras={toolbarExtras} />
      <GridArea<RecordingRowDto>
        key={viewKey(view)}
        view={view}
        label="Recordings"
        noun={['recording', 'recordings']}
        columns={columns}
        fetchPage={fetchPage}
        rowName={(row) => row.title}
        onSort={(sort) => onViewChange(sortPatch(view, sort))}
        onClearFilters={() => onViewChange({ q: '', artist: '', year: '', origin: '', missing: '' })}
        emptyText="Signed songs become recordings here; import your back catalogue to add the rest."
        bulkBar={(selected, clear) => (
          <RecordingsBulkBar
            selected={selected}
            onClear={clear}
            onBulkEdit={() => setTask({ kind: 'bulk', rows: selected, done: clear })}
            onAssignIsrc={() =>
              setTask({ kind: 'isrc', rows: selected.filter((row) => row.isrc === null), done: clear })
            }
            onNewRelease={() => setTask({ kind: 'release', rows: selected, done: clear })}
          />
        )}
      />
      {task?.kind === 'bulk' ? (
        <BulkEditDialog
          ids={task.rows.map((row) => row.id)}
          onClose={() => setTask(null)}
          onDone={() => {
            task.done();
            setTask(null);
          }}
        />
      ) : null}
      {task?.kind === 'isrc' ? (
        <AssignIsrcBatch recordings={task.rows} onClose={() => setTask(null)} />
      ) : null}
      {task?.kind === 'release' ? (
        <NewReleaseDialog
          seeds={task.rows}
          onClose={() => setTask(null)}
          onCreated={(release) => {
            task.done();
            setTask(null);
            onReleaseCreated(release);
          }}
        />
      ) : null}
    </div>
  );
}
