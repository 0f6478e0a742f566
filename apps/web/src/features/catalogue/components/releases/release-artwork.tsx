import { ASSET_KIND_INFO } from '@music-review/core/assets';
import { CATALOGUE_FILE_TEXTS } from '@music-review/core/catalogue';
import type { ReleaseDto } from '@music-review/core/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import toast from 'react-hot-toast';
import { useApiClient } from '../../../../lib/api-context';
import { catalogueKeys } from '../../api/keys';
import { useRemoveReleaseArtwork } from '../../api/remove-catalogue-file';
import { uploadReleaseArtwork } from '../../api/upload-catalogue-file';
import { DrawerSection } from '../shared/drawer-section';
import { FileUploadControl } from '../shared/file-upload-control';
import { RemoveFileButton } from '../shared/remove-file-button';
import { useFileUpload } from '../shared/use-file-upload';

/**
 * The release's artwork: the image distribution delivers (its own, else its signed song's newest
 * artwork asset), "Upload artwork" with progress and the reason a file is refused, "Remove artwork"
 * for its own. `onChanged` gets the release as saved (its new row_version).
 */
export function ReleaseArtwork({
  release,
  onChanged,
}: {
  release: ReleaseDto;
  onChanged: (release: ReleaseDto) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const remove = useRemoveReleaseArtwork();

  const saved = (updated: ReleaseDto, message: string) => {
    queryClient.setQueryData(catalogueKeys.release(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('releases') });
    onChanged(updated);
    toast.success(message);
  };
  const upload = useFileUpload(
    (file, onProgress, signal) => uploadReleaseArtwork(api, release.id, file, onProgress, signal),
    (updated) => saved(updated, CATALOGUE_FILE_TEXTS.artworkSaved),
  );

  return (
    <DrawerSection title={CATALOGUE_FILE_TEXTS.artworkHeading}>
      <div className="flex flex-col gap-4 sm:flex-row">
        {release.artwork_url ? (
          <img
            src={release.artwork_url}
            alt={`Artwork of ${release.title}`}
            width={128}
            height={128}
            className="size-32 shrink-0 rounded-lg border border-border object-cover"
          />
        ) : (
          <div className="flex size-32 shrink-0 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-border text-xs text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-5" />
            {CATALOGUE_FILE_TEXTS.noArtwork}
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3 text-sm">
          <p className="text-muted-foreground">{CATALOGUE_FILE_TEXTS.artworkRequirement}</p>
          {release.artwork_source === 'song' ? <p>{CATALOGUE_FILE_TEXTS.artworkFromSong}</p> : null}
          <FileUploadControl
            state={upload}
            uploadLabel={CATALOGUE_FILE_TEXTS.uploadArtwork}
            inputLabel={CATALOGUE_FILE_TEXTS.artworkFile}
            accept={ASSET_KIND_INFO.artwork.accept}
          >
            {release.artwork_key ? (
              <RemoveFileButton
                label={CATALOGUE_FILE_TEXTS.removeArtwork}
                question={CATALOGUE_FILE_TEXTS.removeArtworkQuestion}
                isPending={remove.isPending}
                error={remove.error}
                onRemove={(done) =>
                  remove.mutate(release.id, {
                    onSuccess: (updated) => {
                      done();
                      saved(updated, CATALOGUE_FILE_TEXTS.artworkRemoved);
                    },
                  })
                }
              />
            ) : null}
          </FileUploadControl>
        </div>
      </div>
    </DrawerSection>
  );
}
