import { formatAverage } from '@music-review/core/review-rules';
import {
  isWorkflowStage,
  type SignedSongDto,
  WORKFLOW_STAGE_LABELS,
  WORKFLOW_STAGES,
} from '@music-review/core/signed-songs';
import { Disc3, FileText, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { PersonPageLink } from '../../artists-writers';
import { type SignedSongsFilters, useSignedSongs } from '../api/get-signed-songs';
import { WorkflowChips } from '../components/workflow-chips';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The list's filters, kept in the URL: ?q= (search), ?artist= (one artist, as search results link it), ?stage=. */
function filtersFrom(params: URLSearchParams): SignedSongsFilters {
  const stage = params.get('stage');
  return {
    search: (params.get('q') ?? '').trim(),
    artist: (params.get('artist') ?? '').trim(),
    stage: isWorkflowStage(stage) ? stage : '',
  };
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-52';

function Average({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums text-foreground">
        {value == null ? (
          <span title="No scores yet">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No scores yet</span>
          </span>
        ) : (
          formatAverage(value)
        )}
      </dd>
    </div>
  );
}

function Artwork({ song }: { song: SignedSongDto }) {
  return song.artwork_url ? (
    <img
      src={song.artwork_url}
      alt=""
      loading="lazy"
      width={64}
      height={64}
      className="size-16 shrink-0 rounded-lg border border-border object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex size-16 shrink-0 items-center justify-center rounded-lg border border-dashed border-input bg-muted text-muted-foreground"
    >
      <Disc3 className="size-7" />
    </span>
  );
}

function SignedSongCard({ song, selected }: { song: SignedSongDto; selected: boolean }) {
  const titleId = `signed-song-${song.id}`;
  const submitted = new Date(song.submitted_at);
  const ref = useRef<HTMLElement>(null);
  // ?songId= (a notification's first stop) brings the song into view and marks it.
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [selected]);
  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'relative flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-card transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/50',
        selected ? 'border-primary ring-2 ring-primary/40' : 'border-border',
      )}
    >
      <div className="flex min-w-0 gap-3">
        <Artwork song={song} />
        <div className="min-w-0">
          <h2 id={titleId} className="text-base leading-tight font-semibold [overflow-wrap:anywhere]">
            {/* The link covers the card (after:inset-0), so the whole card opens the song. */}
            <Link
              to={paths.signedSong.href(song.id)}
              className="text-foreground outline-none after:absolute after:inset-0 after:rounded-xl"
            >
              {song.title}
            </Link>
          </h2>
          <p className="mt-0.5 truncate text-sm text-muted-foreground">{song.artist}</p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            Submitted{' '}
            <time dateTime={song.submitted_at}>
              {Number.isNaN(submitted.getTime()) ? '' : dateFormat.format(submitted)}
            </time>
          </p>
        </div>
      </div>
      <WorkflowChips chips={song.chips} />
      <dl className="mt-auto grid grid-cols-3 gap-2 border-t border-border pt-3">
        <Average label="Musical avg" value={song.averages.musical} />
        <Average label="Artist avg" value={song.averages.artist} />
        <Average label="Overall avg" value={song.averages.overall} />
      </dl>
    </article>
  );
}

function GridSkeleton() {
  return (
    <div role="status" aria-label="Loading signed songs" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-3 p-4">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ))}
    </div>
  );
}

function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      {action ? (
        <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
      ) : (
        <Disc3 aria-hidden="true" className="size-8 text-muted-foreground" />
      )}
      <p className="text-base font-semibold text-foreground">{title}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </Card>
  );
}

/**
 * /signed-songs: the label's signed songs with artwork and where each stands (contract, metadata,
 * label copy, assets, marketing), filtered by artist and stage and searchable; each card opens the
 * song. ?songId= marks one song (a notification's first stop).
 */
export function SignedSongsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const selectedId = searchParams.get('songId');
  const signed = useSignedSongs(filters);

  const setParam = useCallback(
    (name: 'q' | 'artist' | 'stage', value: string) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      }),
    [setSearchParams],
  );
  const onSearch = useCallback((q: string) => setParam('q', q), [setParam]);
  const filtered = Boolean(filters.search || filters.artist || filters.stage);
  const clearFilters = () =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const name of ['q', 'artist', 'stage']) next.delete(name);
      return next;
    });

  const pages = signed.data?.pages ?? [];
  const songs = pages.flatMap((page) => page.songs);
  const total = pages[0]?.total ?? 0;
  const artists = pages[0]?.artists ?? [];
  // The artist a search result linked may not be among the loaded options yet: keep it selectable.
  const artistOptions =
    filters.artist && !artists.some((a) => a.toLowerCase() === filters.artist.toLowerCase())
      ? [filters.artist, ...artists]
      : artists;

  let content: ReactNode;
  if (signed.isPending) {
    content = <GridSkeleton />;
  } else if (signed.isError && songs.length === 0) {
    content = (
      <Alert>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{signed.error.message || 'Failed to load signed songs'}</span>
          <Button size="sm" variant="outline" onClick={() => void signed.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  } else if (songs.length === 0 && filtered) {
    content = (
      <EmptyState
        title="No signed songs match these filters"
        text={
          filters.search
            ? `Nothing signed matches “${filters.search}” with these filters.`
            : 'Try another artist or status.'
        }
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (songs.length === 0) {
    content = <EmptyState title="No signed songs yet" text="Songs your label signs appear here." />;
  } else {
    content = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total} signed {total === 1 ? 'song' : 'songs'}
          {filters.search ? ` matching “${filters.search}”` : ''}
        </p>
        <ul aria-label="Signed songs" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {songs.map((song) => (
            <li key={song.id}>
              <SignedSongCard song={song} selected={song.id === selectedId} />
            </li>
          ))}
        </ul>
        {signed.isFetchNextPageError ? (
          <Alert>{signed.error?.message || 'Failed to load more songs'}</Alert>
        ) : null}
        {signed.hasNextPage ? (
          <Button
            variant="outline"
            className="self-center"
            isLoading={signed.isFetchingNextPage}
            onClick={() => void signed.fetchNextPage()}
          >
            Show more
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Signed Songs"
        subtitle="Songs your label has signed, on their way to release"
        actions={
          <Link to={paths.signedSongsMetadata.href()} className={buttonClasses({ variant: 'outline' })}>
            <FileText aria-hidden="true" />
            All metadata forms
          </Link>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchField
          role="search"
          label="Search signed songs"
          value={filters.search}
          onSearch={onSearch}
          className="sm:max-w-sm sm:flex-1"
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
          Artist
          <select
            className={selectClass}
            value={filters.artist}
            onChange={(e) => setParam('artist', e.target.value)}
          >
            <option value="">All artists</option>
            {artistOptions.map((artist) => (
              <option key={artist} value={artist}>
                {artist}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
          Status
          <select
            className={selectClass}
            value={filters.stage}
            onChange={(e) => setParam('stage', e.target.value)}
          >
            <option value="">All statuses</option>
            {WORKFLOW_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {WORKFLOW_STAGE_LABELS[stage]}
              </option>
            ))}
          </select>
        </label>
        {/* The artist a search result or a link filtered by: their person page, when the catalogue knows them. */}
        {filters.artist ? (
          <PersonPageLink
            name={filters.artist}
            className="inline-flex h-10 items-center gap-1.5 text-sm font-medium text-link hover:underline"
          />
        ) : null}
      </div>
      {content}
    </div>
  );
}
