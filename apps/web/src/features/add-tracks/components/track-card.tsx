import { CircleAlert, CircleCheck, FileAudio, X } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { formatTime } from '../../../lib/audio/format-time';
import { cn } from '../../../lib/cn';
import { formatFileSize } from '../../../lib/upload/audio-file';
import { MAX_DETAIL_LENGTH } from '../api/create-song';
import { fieldId, type TrackField, type TrackRow } from '../use-add-tracks';

function UploadProgress({ row }: { row: TrackRow }) {
  const isSaving = row.status === 'saving';
  const value = isSaving ? 100 : row.progress;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <Spinner className="size-3.5" />
          {isSaving ? 'Adding the track…' : 'Uploading…'}
        </span>
        <span className="tabular-nums">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Upload of ${row.file.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200 ease-out"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}

function AddedSummary({ row }: { row: TrackRow }) {
  const song = row.song;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 text-sm font-medium text-success">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          Track added
        </p>
        <p className="mt-1 truncate text-sm text-foreground">
          {row.title.trim()} <span className="text-muted-foreground">· {row.artist.trim()}</span>
        </p>
        {row.waveformKey === null ? (
          <p className="mt-1 text-xs text-muted-foreground">
            No waveform yet: it is drawn the first time someone plays the track.
          </p>
        ) : null}
      </div>
      {song ? (
        <Link
          to={paths.review.href(song.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start sm:self-auto' })}
        >
          Review it
        </Link>
      ) : null}
    </div>
  );
}

/** One chosen file: what it is, the details to type, and how its upload goes. */
export function TrackCard({
  row,
  onChange,
  onRemove,
}: {
  row: TrackRow;
  onChange: (field: TrackField, value: string) => void;
  onRemove: () => void;
}) {
  const nameId = useId();
  const isAdded = row.status === 'added';
  const isLocked = row.status === 'queued' || row.status === 'uploading' || row.status === 'saving';
  const facts = [formatFileSize(row.file.size), row.durationSeconds ? formatTime(row.durationSeconds) : null]
    .filter(Boolean)
    .join(' · ');

  const field = (name: TrackField) => ({
    id: fieldId(row.id, name),
    value: row[name],
    error: row.errors[name],
    readOnly: isLocked,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
  });

  return (
    <Card
      role="region"
      aria-labelledby={nameId}
      className={cn(
        'flex flex-col gap-4 p-4 sm:p-5',
        row.status === 'failed' && 'border-destructive/40',
        isAdded && 'border-success/40',
      )}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground"
        >
          <FileAudio className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="truncate text-sm font-semibold text-foreground" title={row.file.name}>
            {row.file.name}
          </h3>
          <p className="text-xs tabular-nums text-muted-foreground">{facts}</p>
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onRemove}
          aria-label={
            isLocked
              ? `Cancel and remove ${row.file.name}`
              : isAdded
                ? `Remove ${row.file.name} from the list`
                : `Remove ${row.file.name}`
          }
        >
          <X aria-hidden="true" />
        </Button>
      </div>

      {isAdded ? (
        <AddedSummary row={row} />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Title" autoComplete="off" maxLength={MAX_DETAIL_LENGTH} {...field('title')} />
            <TextField label="Artist" autoComplete="off" maxLength={MAX_DETAIL_LENGTH} {...field('artist')} />
            <TextField
              label="Submitter email"
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="artist@example.com"
              labelAside={<span className="text-xs text-muted-foreground">Optional</span>}
              className="sm:col-span-2"
              {...field('email')}
            />
          </div>
          {row.status === 'queued' ? (
            <p className="text-xs text-muted-foreground">Waiting to upload…</p>
          ) : null}
          {row.status === 'uploading' || row.status === 'saving' ? <UploadProgress row={row} /> : null}
          {row.status === 'failed' && row.message ? (
            <p className="flex items-start gap-1.5 text-sm text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{row.message}</span>
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
