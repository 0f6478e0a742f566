import type { OverviewRowDto } from '@music-review/core/api';
import { formatAverage } from '@music-review/core/review-rules';
import { Disc3, SearchX } from 'lucide-react';
import { type ReactNode, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useSignedSongs } from '../api/get-signed-songs';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * What the list is searched for: the search box's text (?q=), or else the artist a global search
 * result sent the user here with (?artist=, spec section 2).
 */
function searchFrom(params: URLSearchParams): string {
  return (params.get('q') ?? params.get('artist') ?? '').trim();
}

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

function SignedSongCard({ song }: { song: OverviewRowDto }) {
  const titleId = `signed-song-${song.id}`;
  const submitted = new Date(song.submitted_at);
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/50"
    >
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
        <p className="mt-0.5 truncate text-sm text-muted-foreground">{song.artist ?? 'Unknown artist'}</p>
      </div>
      <p className="text-xs text-muted-foreground">
        Submitted{' '}
        <time dateTime={song.submitted_at}>
          {Number.isNaN(submitted.getTime()) ? '' : dateFormat.format(submitted)}
        </time>
      </p>
      <dl className="mt-auto grid grid-cols-3 gap-2 border-t border-border pt-3">
        <Average label="Musical avg" value={song.averages?.musical} />
        <Average label="Artist avg" value={song.averages?.artist} />
        <Average label="Overall avg" value={song.averages?.overall} />
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

/** /signed-songs: the label's signed songs, searchable, each opening its own page. */
export function SignedSongsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchFrom(searchParams);
  const signed = useSignedSongs(search);

  const onSearch = useCallback(
    (q: string) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        // Typing replaces the artist a search result brought: the box now says what is searched.
        next.delete('artist');
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      }),
    [setSearchParams],
  );

  const pages = signed.data?.pages ?? [];
  const songs = pages.flatMap((page) => page.songs);
  const total = pages[0]?.total ?? 0;

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
  } else if (songs.length === 0 && search) {
    content = (
      <EmptyState
        title="No signed songs match this search"
        text={`Nothing signed has a title or artist containing “${search}”.`}
        action={
          <Button variant="outline" onClick={() => onSearch('')}>
            Clear search
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
          {search ? ` matching “${search}”` : ''}
        </p>
        <ul aria-label="Signed songs" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {songs.map((song) => (
            <li key={song.id}>
              <SignedSongCard song={song} />
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
      <PageHeader title="Signed Songs" subtitle="Songs your label has signed" />
      <SearchField
        role="search"
        label="Search signed songs"
        value={search}
        onSearch={onSearch}
        className="max-w-md"
      />
      {content}
    </div>
  );
}
