import { ArrowRight, Gauge, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatFileSize } from '../../../lib/upload/audio-file';
import { DropZone } from '../components/drop-zone';
import { TrackCard } from '../components/track-card';
import { useAddTracks } from '../use-add-tracks';

function DashboardLink({ variant = 'link' }: { variant?: 'link' | 'outline' }) {
  return (
    <Link
      to={paths.reviewDashboard.href()}
      className={buttonClasses({ variant, className: variant === 'link' ? 'text-sm' : undefined })}
    >
      Go to Review Dashboard
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** /add-tracks: upload demos with their title, artist and submitter, several at once. */
export function AddTracksPage() {
  const tracks = useAddTracks();
  const { rows, remaining } = tracks;
  const totalBytes = rows.filter((row) => row.status !== 'added').reduce((n, row) => n + row.file.size, 0);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void tracks.submit();
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Add Tracks"
        subtitle="Upload demos for your team to review."
        actions={tracks.addedCount > 0 && remaining > 0 ? <DashboardLink /> : null}
      />

      {tracks.planLimitMessage ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive-soft p-4 sm:flex-row sm:items-center sm:p-5"
        >
          <Gauge aria-hidden="true" className="size-6 shrink-0 text-destructive" />
          <div className="min-w-0 flex-1">
            <p className="text-base font-semibold text-destructive">Plan limit reached</p>
            <p className="mt-0.5 text-sm text-foreground">{tracks.planLimitMessage}</p>
          </div>
        </div>
      ) : null}

      <DropZone onFiles={(files) => void tracks.addFiles(files)} isCompact={rows.length > 0} />

      {tracks.refusals.length > 0 ? (
        <Alert>
          <div className="flex items-start gap-2">
            <ul className="min-w-0 flex-1 space-y-1">
              {tracks.refusals.map((message) => (
                <li key={message} className="break-words">
                  {message}
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={tracks.dismissRefusals}
              className="-m-1 rounded-md p-1 text-destructive outline-none hover:bg-destructive/10 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        </Alert>
      ) : null}

      {rows.length > 0 ? (
        <form noValidate onSubmit={onSubmit} aria-label="Tracks to add" className="flex flex-col gap-4">
          <ul className="flex flex-col gap-4">
            {rows.map((row) => (
              <li key={row.id}>
                <TrackCard
                  row={row}
                  onChange={(field, value) => tracks.updateField(row.id, field, value)}
                  onRemove={() => tracks.removeRow(row.id)}
                />
              </li>
            ))}
          </ul>

          {remaining > 0 ? (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
              <p className="text-center text-sm text-muted-foreground tabular-nums sm:text-right">
                {remaining === 1 ? '1 file' : `${remaining} files`} · {formatFileSize(totalBytes)}
              </p>
              <Button type="submit" size="lg" isLoading={tracks.isRunning} className="w-full sm:w-auto">
                {remaining === 1 ? 'Add Track' : 'Add Tracks'}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-3 rounded-xl border border-success/30 bg-success-soft p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm font-medium text-success">
                {rows.length === 1 ? 'Your track is ready for review.' : 'Your tracks are ready for review.'}
              </p>
              <DashboardLink variant="outline" />
            </div>
          )}
        </form>
      ) : null}

      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {tracks.announcement}
      </div>
    </div>
  );
}
