import { WRITER_ROLE_LABELS, type WriterRole } from '@music-review/core/metadata-forms';
import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge';
import { TextField } from '../../../../components/ui/text-field';
import { paths } from '../../../../config/paths';
import { useWork } from '../../api/get-work';
import { useUpdateWork } from '../../api/update-work';
import { AuditLog } from '../shared/audit-log';
import { DrawerSection } from '../shared/drawer-section';
import { FormFooter } from '../shared/form-footer';
import { formatDateTime, formatShare } from '../shared/format';
import { Panel } from '../shared/panel';
import { RecordState } from '../shared/record-state';
import { SplitHistory } from '../shared/split-history';
import { useDrawerForm } from '../shared/use-drawer-form';
import { useRecordDraft } from '../shared/use-record-draft';
import { checkWork, workValueOf, workValues } from './work-form';
import { WritersEditor } from './writers-editor';

const linkClasses =
  'text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

const roleLabel = (role: string) => WRITER_ROLE_LABELS[role as WriterRole] ?? role;

/**
 * A work's drawer (?work=<id>): title and ISWC, the writers with their shares (live total) and
 * publishers, the history of the writer split, the recordings of it and every change.
 */
export function WorkDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const work = useWork(id);
  const draft = useRecordDraft(work.data, workValues);
  const update = useUpdateWork();
  const form = useDrawerForm({
    draft,
    save: update,
    refetch: () => work.refetch(),
    check: checkWork,
    fieldValue: workValueOf,
  });
  const { bodyRef, check, errors, change } = form;

  const data = work.data;
  const values = draft.values;

  const onSave = () => {
    if (!form.attemptSave() || !check || !check.changes) return;
    update.mutate(
      { id, body: { ...check.changes, row_version: draft.version } },
      {
        onSuccess: (saved) => form.saved(saved, 'Work saved'),
      },
    );
  };

  return (
    <Panel
      open
      onClose={onClose}
      title={data ? data.title : 'Work'}
      description={
        data ? (
          <span className="flex flex-wrap items-center gap-2">
            {data.iswc ? (
              <span className="font-mono text-xs">{data.iswc}</span>
            ) : (
              <Badge variant="warning">No ISWC</Badge>
            )}
            <Badge variant={data.shares_total === 100 ? 'success' : 'warning'}>
              Shares {formatShare(data.shares_total)}
            </Badge>
          </span>
        ) : undefined
      }
      footer={data && values ? <FormFooter {...form.footer} onSave={onSave} /> : undefined}
    >
      {!data || !values ? (
        <RecordState error={work.error} onRetry={() => void work.refetch()} noun="work" />
      ) : (
        <div ref={bodyRef} className="flex flex-col gap-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Title"
              value={values.title}
              onChange={(e) => change({ title: e.target.value })}
              error={errors.title}
            />
            <TextField
              label="ISWC"
              placeholder="T-034.524.680-1"
              autoComplete="off"
              value={values.iswc}
              onChange={(e) => change({ iswc: e.target.value })}
              error={errors.iswc}
            />
          </div>
          <DrawerSection title="Writers">
            <WritersEditor
              writers={values.writers}
              errors={errors}
              onChange={(writers) => change({ writers })}
            />
            <details className="text-sm">
              <summary className="cursor-pointer rounded-sm text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring">
                Split history ({data.split_history.length})
              </summary>
              <div className="mt-2">
                <SplitHistory versions={data.split_history} roleLabel={roleLabel} />
              </div>
            </details>
          </DrawerSection>
          <DrawerSection title="Recordings">
            {data.recordings.length === 0 ? (
              <p className="text-sm text-muted-foreground">No recording of this work yet.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {data.recordings.map((recording) => (
                  <li key={recording.id}>
                    <Link to={paths.catalogue.href({ recording: recording.id })} className={linkClasses}>
                      {recording.title}
                    </Link>{' '}
                    <span className="text-muted-foreground">
                      {recording.display_artist} · {recording.isrc ?? 'No ISRC'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </DrawerSection>
          <DrawerSection title="Audit log">
            <p className="text-xs text-muted-foreground">
              Added <time dateTime={data.created_at}>{formatDateTime(data.created_at)}</time>.
            </p>
            <AuditLog entries={data.audit} />
          </DrawerSection>
        </div>
      )}
    </Panel>
  );
}
