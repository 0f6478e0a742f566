import { RECORDING_ORIGIN_LABELS } from '@music-review/core/catalogue';
import type { RecordingDto } from '@music-review/core/contracts/catalogue';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge';
import { paths } from '../../../../config/paths';
import { useRecording } from '../../api/get-recording';
import { useSaveRecording } from '../../api/save-recording';
import { AuditLog } from '../shared/audit-log';
import { DrawerSection } from '../shared/drawer-section';
import { FormFooter } from '../shared/form-footer';
import { formatDateTime } from '../shared/format';
import { Panel } from '../shared/panel';
import { WorkPicker } from '../shared/pickers';
import { RecordState } from '../shared/record-state';
import { SplitHistory } from '../shared/split-history';
import { useDrawerForm } from '../shared/use-drawer-form';
import { useRecordDraft } from '../shared/use-record-draft';
import { AssignIsrcButton } from './assign-isrc-button';
import { CreditsEditor } from './credits-editor';
import { LineageSection } from './lineage-section';
import { MasterSplitsEditor } from './master-splits-editor';
import { RecordingFields } from './recording-fields';
import { checkRecording, recordingValues, valueOfField } from './recording-form';
import { RecordingMaster } from './recording-master';

const linkClasses =
  'text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A recording's drawer (?recording=<id>): every field edited in place and checked as typed, its
 * credits, work and master split saved with one Save that names the version read; its master file
 * (uploaded and removed on its own); the releases it is on, where it came from (lineage) and every
 * change (audit log).
 */
export function RecordingDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const recording = useRecording(id);
  const draft = useRecordDraft(recording.data, recordingValues);
  const save = useSaveRecording();
  const form = useDrawerForm({
    draft,
    save: save,
    refetch: () => recording.refetch(),
    check: checkRecording,
    fieldValue: valueOfField,
  });
  const { bodyRef, check, errors, change } = form;

  const data = recording.data;
  const values = draft.values;

  const onSave = () => {
    if (!form.attemptSave() || !check || !(check.changes || check.splits)) return;
    save.mutate(
      { id, changes: check.changes, splits: check.splits, rowVersion: draft.version },
      {
        onSuccess: (saved) => form.saved(saved, 'Recording saved'),
      },
    );
  };

  const onAssigned = (updated: RecordingDto) => {
    draft.reload(updated);
    toast.success(`Assigned ISRC ${updated.isrc ?? ''}`);
  };

  return (
    <Panel
      open
      onClose={onClose}
      title={data ? data.title : 'Recording'}
      description={
        data ? (
          <span className="flex flex-wrap items-center gap-2">
            {data.display_artist}
            <Badge>{RECORDING_ORIGIN_LABELS[data.origin]}</Badge>
            {data.isrc ? (
              <span className="font-mono text-xs">{data.isrc}</span>
            ) : (
              <Badge variant="warning">No ISRC</Badge>
            )}
          </span>
        ) : undefined
      }
      footer={data && values ? <FormFooter {...form.footer} onSave={onSave} /> : undefined}
    >
      {!data || !values ? (
        <RecordState error={recording.error} onRetry={() => void recording.refetch()} noun="recording" />
      ) : (
        <div ref={bodyRef} className="flex flex-col gap-6">
          <RecordingFields
            values={values}
            errors={errors}
            onChange={change}
            isrcAction={
              data.isrc === null && values.isrc.trim() === '' ? (
                <AssignIsrcButton recordingId={id} onAssigned={onAssigned} />
              ) : undefined
            }
          />
          <RecordingMaster recording={data} onChanged={draft.reload} />
          <DrawerSection title="Credits">
            <CreditsEditor
              credits={values.artists}
              errors={errors}
              onChange={(artists) => change({ artists })}
            />
          </DrawerSection>
          <DrawerSection
            title="Work"
            actions={
              data.work ? (
                <Link to={paths.catalogue.href({ tab: 'works', work: data.work.id })} className={linkClasses}>
                  Open the work
                </Link>
              ) : undefined
            }
          >
            <WorkPicker
              label="Work (composition)"
              value={values.work}
              onChange={(work) => change({ work })}
              error={errors.work_id}
            />
            {data.work?.iswc ? <p className="text-sm text-muted-foreground">ISWC {data.work.iswc}</p> : null}
          </DrawerSection>
          <DrawerSection title="Master splits">
            <MasterSplitsEditor
              splits={values.splits}
              errors={errors}
              onChange={(splits) => change({ splits })}
            />
            <details className="text-sm">
              <summary className="cursor-pointer rounded-sm text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring">
                Split history ({data.split_history.length})
              </summary>
              <div className="mt-2">
                <SplitHistory versions={data.split_history} />
              </div>
            </details>
          </DrawerSection>
          <DrawerSection title="Releases">
            {data.releases.length === 0 ? (
              <p className="text-sm text-muted-foreground">Not on any release yet.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {data.releases.map((release) => (
                  <li key={`${release.id}-${release.disc_number}-${release.track_number}`}>
                    <Link
                      to={paths.catalogue.href({ tab: 'releases', release: release.id })}
                      className={linkClasses}
                    >
                      {release.title}
                    </Link>{' '}
                    <span className="text-muted-foreground">
                      disc {release.disc_number}, track {release.track_number}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </DrawerSection>
          <DrawerSection title="Lineage">
            <LineageSection recordingId={id} songId={data.song_id} />
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
