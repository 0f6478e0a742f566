import {
  METADATA_FORM_STATUSES,
  METADATA_STATUS_LABELS,
  type MetadataFormStatus,
} from '@music-review/core/metadata-forms';
import { ChevronRight, FileMusic } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useMetadataFormList } from '../api/list-metadata-forms';
import { MetadataStatusBadge } from '../components/metadata-status-badge';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const isStatus = (value: string | null): value is MetadataFormStatus =>
  (METADATA_FORM_STATUSES as readonly string[]).includes(value ?? '');

/** /signed-songs/metadata: every metadata form across the label's songs. */
export function SignedSongsMetadataPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: MetadataFormStatus | '' = isStatus(statusParam) ? statusParam : '';
  const q = params.get('q') ?? '';
  const query = useMetadataFormList({ status, q });

  const update = useCallback(
    (key: 'status' | 'q', value: string) =>
      setParams(
        (p) => {
          if (value) p.set(key, value);
          else p.delete(key);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((text: string) => update('q', text), [update]);

  const filters: Array<{ value: MetadataFormStatus | ''; label: string }> = [
    { value: '', label: 'All' },
    ...METADATA_FORM_STATUSES.map((s) => ({ value: s, label: METADATA_STATUS_LABELS[s] })),
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Metadata"
        subtitle="Every metadata form across your signed songs: what artists sent and what you confirmed."
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">Filter by status</legend>
          {filters.map((filter) => (
            <Button
              key={filter.value || 'all'}
              size="sm"
              variant={status === filter.value ? 'secondary' : 'ghost'}
              aria-pressed={status === filter.value}
              onClick={() => update('status', filter.value)}
            >
              {filter.label}
            </Button>
          ))}
        </fieldset>
        <SearchField label="Search metadata forms" value={q} onSearch={onSearch} className="sm:w-72" />
      </div>

      {query.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-label="Loading metadata forms">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <Alert>
          {query.error.message || 'The metadata forms could not be loaded.'}{' '}
          <Button variant="link" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.data.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center">
          <FileMusic aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="text-base font-semibold">
            {status || q ? 'No metadata forms match' : 'No metadata forms yet'}
          </h2>
          <p className="max-w-md text-sm text-muted-foreground">
            {status || q ? (
              'Try another status or search.'
            ) : (
              <>
                Open a signed song’s Metadata tab to send its artist a form. Find your signed songs on{' '}
                <Link className="text-link underline-offset-4 hover:underline" to={paths.signedSongs.href()}>
                  Signed Songs
                </Link>
                .
              </>
            )}
          </p>
        </Card>
      ) : (
        <Card className={cn('overflow-hidden p-0', query.isPlaceholderData && 'opacity-70')}>
          <ul aria-label="Metadata forms" className="divide-y divide-border">
            {query.data.map((form) => (
              <li key={form.id}>
                <Link
                  to={`${paths.signedSong.href(form.song_id, 'metadata')}?${new URLSearchParams({ form: form.id })}`}
                  className="flex items-center gap-3 px-4 py-3 outline-none transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                >
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
                    <span className="min-w-0 sm:w-2/5">
                      <span className="block truncate text-sm font-medium text-foreground">
                        {form.song_title || 'Untitled'}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">{form.song_artist}</span>
                    </span>
                    <span className="flex items-center gap-3 sm:flex-1 sm:justify-between">
                      <MetadataStatusBadge status={form.status} />
                      <span className="text-xs text-muted-foreground">
                        Updated{' '}
                        <time dateTime={form.updated_at}>{dateTime.format(new Date(form.updated_at))}</time>
                      </span>
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
