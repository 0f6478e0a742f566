import { ASSET_KIND_INFO } from '@music-review/core/assets';
import { CATALOGUE_FILE_TEXTS, masterFileSummary } from '@music-review/core/catalogue';
import type { RecordingDto } from '@music-review/core/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useRef } from 'react';
import toast from 'react-hot-toast';
import { buttonClasses } from '../../../../components/ui/button';
import { useApiClient } from '../../../../lib/api-context';
import { catalogueKeys } from '../../api/keys';
import { useRemoveRecordingMaster } from '../../api/remove-catalogue-file';
import { uploadRecordingMaster } from '../../api/upload-catalogue-file';
import { DrawerSection } from '../shared/drawer-section';
import { FileUploadControl } from '../shared/file-upload-control';
import { RemoveFileButton } from '../shared/remove-file-button';
import { useFileUpload } from '../shared/use-file-upload';

type Audio = NonNullable<NonNullable<RecordingDto['master_file']>['audio']>;

/**
 * The recording's master: what distribution delivers (its own, else its signed song's newest
 * master asset) as "WAV · 24-bit · 48 kHz · stereo", "Upload master" with progress and the reason a
 * file is refused, "Remove master" for its own. `onChanged` gets the recording as saved.
 */
export function RecordingMaster({
  recording,
  onChanged,
}: {
  recording: RecordingDto;
  onChanged: (recording: RecordingDto) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const remove = useRemoveRecordingMaster();
  // Some answers (Assign ISRC, the split's save) do not read the file's header: keep what an
  // earlier answer said about the same file rather than show it as unreadable.
  const knownAudio = useRef(new Map<string, Audio>());

  const saved = (updated: RecordingDto, message: string) => {
    queryClient.setQueryData(catalogueKeys.recording(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('recordings') });
    onChanged(updated);
    toast.success(message);
  };
  const upload = useFileUpload(
    (file, onProgress, signal) => uploadRecordingMaster(api, recording.id, file, onProgress, signal),
    (updated) => saved(updated, CATALOGUE_FILE_TEXTS.masterSaved),
  );

  const master = recording.master_file;
  if (master?.audio) knownAudio.current.set(master.key, master.audio);
  const audio = master ? (master.audio ?? knownAudio.current.get(master.key) ?? null) : null;

  return (
    <DrawerSection title={CATALOGUE_FILE_TEXTS.masterHeading}>
      {master ? (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-medium">
            {audio ? masterFileSummary(audio) : CATALOGUE_FILE_TEXTS.masterUnreadable}
          </p>
          <p className="truncate text-xs text-muted-foreground">{master.filename}</p>
          {master.source === 'song' ? <p>{CATALOGUE_FILE_TEXTS.masterFromSong}</p> : null}
          {audio && audio.channels !== 2 ? (
            <p className="text-warning">{CATALOGUE_FILE_TEXTS.notStereo}</p>
          ) : null}
          {master.url ? (
            <a
              href={master.url}
              download={master.filename}
              className={buttonClasses({ variant: 'link', className: 'self-start' })}
            >
              <Download aria-hidden="true" />
              {CATALOGUE_FILE_TEXTS.downloadMaster}
            </a>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{CATALOGUE_FILE_TEXTS.noMaster}</p>
      )}
      <p className="text-sm text-muted-foreground">{CATALOGUE_FILE_TEXTS.masterRequirement}</p>
      <FileUploadControl
        state={upload}
        uploadLabel={CATALOGUE_FILE_TEXTS.uploadMaster}
        inputLabel={CATALOGUE_FILE_TEXTS.masterFile}
        accept={ASSET_KIND_INFO.master.accept}
      >
        {recording.audio_master_key ? (
          <RemoveFileButton
            label={CATALOGUE_FILE_TEXTS.removeMaster}
            question={CATALOGUE_FILE_TEXTS.removeMasterQuestion}
            isPending={remove.isPending}
            error={remove.error}
            onRemove={(done) =>
              remove.mutate(recording.id, {
                onSuccess: (updated) => {
                  done();
                  saved(updated, CATALOGUE_FILE_TEXTS.masterRemoved);
                },
              })
            }
          />
        ) : null}
      </FileUploadControl>
    </DrawerSection>
  );
}
