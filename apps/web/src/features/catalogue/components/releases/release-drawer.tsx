import { RELEASE_STATUS_LABELS, RELEASE_TYPE_LABELS } from '@music-review/core/catalogue';
import type { ReleaseDto } from '@music-review/core/contracts/catalogue';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge';
import { paths } from '../../../../config/paths';
import { useRelease } from '../../api/get-release';
import { useUpdateRelease } from '../../api/update-release';
import { AuditLog } from '../shared/audit-log';
import { DrawerSection } from '../shared/drawer-section';
import { FormFooter } from '../shared/form-footer';
import { formatDateTime } from '../shared/format';
import { Panel } from '../shared/panel';
import { RecordingPicker } from '../shared/pickers';
import { RecordState } from '../shared/record-state';
import { useDrawerForm } from '../shared/use-drawer-form';
import { useRecordDraft } from '../shared/use-record-draft';
import { AssignUpcButton } from './assign-upc-button';
import { ReleaseArtwork } from './release-artwork';
import { ReleaseFields } from './release-fields';
import { checkRelease, releaseValueOf, releaseValues } from './release-form';
import { addTrack } from './release-tracks';
import { TrackList } from './track-list';

const linkClasses =
  'text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A release's drawer (?release=<id>): every field edited in place and checked as typed, its tracks
 * in order (move, disc, add, remove), the artwork (uploaded and removed on its own, not by Save) and
 * every change. One Save names the version read.
 */
export function ReleaseDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const release = useRelease(id);
  const draft = useRecordDraft(release.data, releaseValues);
  const update = useUpdateRelease();
  const [trackError, setTrackError] = useState<string | null>(null);
  const form = useDrawerForm({
    draft,
    save: update,
    refetch: () => release.refetch(),
    check: checkRelease,
    fieldValue: releaseValueOf,
  });
  const { bodyRef, check, errors, change } = form;

  const data = release.data;
  const values = draft.values;

  const onSave = () => {
    if (!form.attemptSave() || !check?.changes) return;
    update.mutate(
      { id, body: { ...check.changes, row_version: draft.version } },
      {
        onSuccess: (saved) => form.saved(saved, 'Release saved'),
      },
    );
  };

  const onAssigned = (updated: ReleaseDto) => {
    draft.reload(updated);
    toast.success(`Assigned UPC ${updated.upc ?? ''}`);
  };

  return (
    <Panel
      open
      onClose={onClose}
      title={data ? data.title : 'Release'}
      description={
        data ? (
          <span className="flex flex-wrap items-center gap-2">
            {data.display_artist}
            <Badge>{RELEASE_TYPE_LABELS[data.release_type]}</Badge>
            <Badge variant={data.status === 'released' ? 'success' : 'neutral'}>
              {RELEASE_STATUS_LABELS[data.status]}
            </Badge>
          </span>
        ) : undefined
      }
      footer={data && values ? <FormFooter {...form.footer} onSave={onSave} /> : undefined}
    >
      {!data || !values ? (
        <RecordState error={release.error} onRetry={() => void release.refetch()} noun="release" />
      ) : (
        <div ref={bodyRef} className="flex flex-col gap-6">
          <div className="text-sm text-muted-foreground">
            {data.song_id ? (
              <p>
                The label copy of{' '}
                <Link to={paths.signedSong.href(data.song_id, 'label-copy')} className={linkClasses}>
                  its signed song
                </Link>{' '}
                reads and writes this release.
              </p>
            ) : null}
            <p>
              {data.track_count} {data.track_count === 1 ? 'track' : 'tracks'}
              {data.tracks_missing_codes > 0 ? `, ${data.tracks_missing_codes} without an ISRC` : ''}.
            </p>
          </div>
          <ReleaseFields
            values={values}
            errors={errors}
            onChange={change}
            upcAction={
              data.upc === null && values.upc.trim() === '' ? (
                <AssignUpcButton releaseId={id} onAssigned={onAssigned} />
              ) : undefined
            }
          />
          <ReleaseArtwork release={data} onChanged={draft.reload} />
          <DrawerSection title="Tracks">
            <TrackList tracks={values.tracks} errors={errors} onChange={(tracks) => change({ tracks })} />
            <RecordingPicker
              label="Add a recording"
              placeholder="Search by title, artist or ISRC"
              onPick={(recording) => {
                const result = addTrack(values.tracks, {
                  recording_id: recording.id,
                  title: recording.title,
                  display_artist: recording.display_artist,
                  isrc: recording.isrc,
                });
                setTrackError(result.error);
                change({ tracks: result.tracks });
              }}
              error={trackError ?? errors.tracks}
            />
            {data.tracks.length > 0 ? (
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Open a track's recording">
                {data.tracks.map((track) => (
                  <li key={track.recording_id}>
                    <Link
                      to={paths.catalogue.href({ recording: track.recording_id })}
                      className={linkClasses}
                    >
                      {track.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
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
