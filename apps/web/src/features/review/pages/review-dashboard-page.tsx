import { Inbox } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Deferred } from '../../../components/deferred';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useMoreReviews, useReviewDashboard } from '../api/get-review-dashboard';
import type { ReviewCardDto, ReviewDashboardDto } from '../api/types';
import { SongCard } from '../components/song-card';

type Tab = 'pending' | 'reviewed';

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-base font-semibold text-foreground">{title}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
    </Card>
  );
}

function CardsSkeleton() {
  return (
    <div role="status" aria-label="Loading songs" className="flex flex-col gap-4">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-4 p-5">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-24 w-full md:h-32" />
          <Skeleton className="h-9 w-36" />
        </Card>
      ))}
    </div>
  );
}

/** Cards drawn at once; the rest follow in a transition, so a long list does not block the page. */
const FIRST_CARDS = 3;

function CardList({ cards }: { cards: ReviewCardDto[] }) {
  return (
    <div className="flex flex-col gap-4">
      {cards.slice(0, FIRST_CARDS).map((card) => (
        <SongCard key={card.id} card={card} />
      ))}
      <Deferred>
        {cards.slice(FIRST_CARDS).map((card) => (
          <SongCard key={card.id} card={card} />
        ))}
      </Deferred>
    </div>
  );
}

/**
 * My Reviews: the dashboard's latest 50, then further pages on "Show more" while the server says
 * there are more (issue 12: the list used to stop at 50 without a word).
 */
function MyReviews({ dashboard }: { dashboard: ReviewDashboardDto }) {
  const [wantsMore, setWantsMore] = useState(false);
  const more = useMoreReviews(dashboard.reviewed_next_cursor, wantsMore);
  const pages = more.data?.pages ?? [];
  // A card already listed (the dashboard refreshed while pages were open) is not listed twice.
  const seen = new Set<string>();
  const cards = [...dashboard.reviewed, ...pages.flatMap((page) => page.reviewed)].filter((card) => {
    if (seen.has(card.id)) return false;
    seen.add(card.id);
    return true;
  });
  const lastPage = pages[pages.length - 1];
  const hasMore = lastPage ? lastPage.has_more : dashboard.reviewed_has_more;
  const isLoading = more.isFetching;

  const showMore = () => {
    if (!wantsMore) setWantsMore(true);
    else if (more.isError && pages.length === 0) void more.refetch();
    else void more.fetchNextPage();
  };

  if (cards.length === 0) {
    return <EmptyState title="No songs reviewed yet" text="Start reviewing songs to see them appear here." />;
  }
  return (
    <div className="flex flex-col gap-4">
      <CardList cards={cards} />
      {more.isError ? <Alert>{more.error.message || 'Failed to load songs'}</Alert> : null}
      {hasMore ? (
        <div className="flex flex-col items-center gap-2 pt-2">
          <p className="text-sm text-muted-foreground">Showing your {cards.length} latest reviews.</p>
          <Button variant="outline" onClick={showMore} isLoading={isLoading}>
            Show more
          </Button>
        </div>
      ) : pages.length > 0 ? (
        <p className="pt-2 text-center text-sm text-muted-foreground">
          All {cards.length} of your reviews are shown.
        </p>
      ) : null}
    </div>
  );
}

/** Spec section 2, Review Dashboard. */
export function ReviewDashboardPage() {
  const dashboard = useReviewDashboard();
  const [tab, setTab] = useState<Tab>('pending');
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ pending: null, reviewed: null });

  const tabs: { id: Tab; label: string; count?: number }[] = [
    { id: 'pending', label: 'Pending Reviews', count: dashboard.data?.pending_count },
    { id: 'reviewed', label: 'My Reviews' },
  ];

  const onTabKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: Tab = tab === 'pending' ? 'reviewed' : 'pending';
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  let panel: ReactNode;
  if (dashboard.isPending) {
    panel = <CardsSkeleton />;
  } else if (dashboard.isError) {
    panel = <Alert>{dashboard.error.message || 'Failed to load songs'}</Alert>;
  } else if (tab === 'pending') {
    panel =
      dashboard.data.pending.length === 0 ? (
        <EmptyState
          title="No pending songs to review"
          text="All caught up! Check back later for new submissions."
        />
      ) : (
        <CardList cards={dashboard.data.pending} />
      );
  } else {
    panel = <MyReviews dashboard={dashboard.data} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Review Dashboard" subtitle="Manage and track song reviews for your organization" />
      <div
        role="tablist"
        aria-label="Review lists"
        className="inline-flex w-full gap-1 self-start rounded-lg bg-muted p-1 sm:w-auto"
        onKeyDown={onTabKeyDown}
      >
        {tabs.map((t) => {
          const isSelected = tab === t.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${t.id}-tab`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setTab(t.id)}
              className={cn(
                'inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
                isSelected
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t.label}
              {t.count !== undefined ? (
                <span
                  className={cn(
                    'min-w-5 rounded-full px-1.5 text-xs leading-5 tabular-nums',
                    isSelected ? 'bg-primary text-primary-foreground' : 'bg-background/60',
                  )}
                >
                  {t.count}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}-tab`}>
        {panel}
      </div>
    </div>
  );
}
