import {
  isPressPhotoType,
  PRESS_PHOTO_ACCEPT,
  PRESS_PHOTO_TYPE_MESSAGE,
  PRESS_PHOTOS_MAX,
  type PressPhotoFileDto,
} from '@music-review/core/marketing';
import { formatBytes } from '@music-review/core/project-folder';
import { ImageUp, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFileDrop } from '../../../components/file-drop';
import { publicErrorMessage } from '../../../components/public-portal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { UploadProgress } from '../../../components/upload-progress';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { isAbortError } from '../../../lib/upload/put-with-progress';
import { removePressPhoto } from '../api/remove-press-photo';
import { photoContentType, uploadPressPhoto } from '../api/upload-press-photo';

type Upload = { id: string; filename: string; fraction: number; controller: AbortController };
type Refusal = { id: string; filename: string; message: string };
const newId = () => Math.random().toString(36).slice(2);

/**
 * The questionnaire's uploaded press photos: pick or drop several JPEG, PNG or WebP files, each
 * with its own progress bar (and Cancel), thumbnails of what arrived, and Remove (asked once more).
 * `onBusyChange` says whether uploads are running; `onDeadLink` gets a 410 (the link is gone).
 */
export function PressPhotoUploads({
  token,
  initial,
  onBusyChange,
  onDeadLink,
}: {
  token: string;
  initial: PressPhotoFileDto[];
  onBusyChange?: (busy: boolean) => void;
  onDeadLink?: (error: unknown) => void;
}) {
  const [photos, setPhotos] = useState<PressPhotoFileDto[]>(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = uploads.length > 0;

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const failed = (error: unknown) => {
    if (isApiError(error) && error.status === 410) onDeadLink?.(error);
    return publicErrorMessage(error, 'The upload failed. Please try again.');
  };

  async function start(file: File) {
    const upload: Upload = {
      id: newId(),
      filename: file.name,
      fraction: 0,
      controller: new AbortController(),
    };
    setUploads((list) => [...list, upload]);
    try {
      const saved = await uploadPressPhoto(
        token,
        file,
        (fraction) => setUploads((list) => list.map((u) => (u.id === upload.id ? { ...u, fraction } : u))),
        upload.controller.signal,
      );
      setPhotos((list) => (list.some((p) => p.key === saved.key) ? list : [...list, saved]));
    } catch (error) {
      if (!isAbortError(error)) {
        setRefusals((list) => [...list, { id: upload.id, filename: file.name, message: failed(error) }]);
      }
    } finally {
      setUploads((list) => list.filter((u) => u.id !== upload.id));
    }
  }

  function add(files: FileList | File[]) {
    setRefusals([]);
    let room = PRESS_PHOTOS_MAX - photos.length - uploads.length;
    for (const file of Array.from(files)) {
      if (!isPressPhotoType(photoContentType(file))) {
        setRefusals((list) => [
          ...list,
          { id: newId(), filename: file.name, message: PRESS_PHOTO_TYPE_MESSAGE },
        ]);
      } else if (room <= 0) {
        setRefusals((list) => [
          ...list,
          {
            id: newId(),
            filename: file.name,
            message: `At most ${PRESS_PHOTOS_MAX} photos can be uploaded.`,
          },
        ]);
      } else {
        room -= 1;
        void start(file);
      }
    }
  }

  async function remove(photo: PressPhotoFileDto) {
    setRemoving(photo.key);
    setRemoveError(null);
    try {
      await removePressPhoto(token, photo.key);
      setPhotos((list) => list.filter((p) => p.key !== photo.key));
      setConfirming(null);
    } catch (error) {
      setRemoveError(failed(error));
    } finally {
      setRemoving(null);
    }
  }

  const { isDragging, dropProps } = useFileDrop(add);
  const full = photos.length + uploads.length >= PRESS_PHOTOS_MAX;

  return (
    <div className="flex flex-col gap-3">
      <div
        {...dropProps}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground transition-colors',
          isDragging && 'border-primary bg-accent/40',
        )}
      >
        <p>Upload JPEG, PNG or WebP files (up to {PRESS_PHOTOS_MAX}). Drop photos here, or</p>
        <Button size="sm" variant="outline" disabled={full} onClick={() => inputRef.current?.click()}>
          <ImageUp aria-hidden="true" />
          Upload photos
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={PRESS_PHOTO_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          aria-label="Press photo files"
          onChange={(event) => {
            const files = event.target.files ? Array.from(event.target.files) : [];
            event.target.value = '';
            if (files.length) add(files);
          }}
        />
      </div>

      {uploads.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Photos uploading">
          {uploads.map((u) => (
            <li key={u.id} className="flex items-center gap-2">
              <div className="min-w-0 flex-1">
                <UploadProgress filename={u.filename} fraction={u.fraction} />
              </div>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Cancel upload of ${u.filename}`}
                onClick={() => u.controller.abort()}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {refusals.map((r) => (
        <Alert key={r.id} variant="error">
          <span className="font-medium">{r.filename} was not uploaded.</span> {r.message}
        </Alert>
      ))}

      {photos.length > 0 ? (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Uploaded photos">
          {photos.map((photo) => (
            <li key={photo.key} className="flex items-center gap-3 rounded-lg border border-border p-2">
              <img
                src={photo.url}
                alt={photo.filename}
                className="size-16 shrink-0 rounded-md bg-muted object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{photo.filename}</p>
                <p className="text-xs text-muted-foreground">{formatBytes(photo.size_bytes)}</p>
                {confirming === photo.key ? (
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <Button
                      size="sm"
                      variant="destructive"
                      isLoading={removing === photo.key}
                      onClick={() => void remove(photo)}
                    >
                      Remove
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                      Keep
                    </Button>
                  </div>
                ) : null}
              </div>
              {confirming === photo.key ? null : (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${photo.filename}`}
                  onClick={() => {
                    setRemoveError(null);
                    setConfirming(photo.key);
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {removeError ? <Alert>{removeError}</Alert> : null}
    </div>
  );
}
