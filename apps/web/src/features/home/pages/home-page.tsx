import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useHome } from '../api/get-home';
import { PendingReviewList } from '../components/pending-review-list';
import { MentionList, NotificationList } from '../components/unread-lists';

function SectionHeading({ id, title, count }: { id: string; title: string; count?: number }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-foreground">
      {title}
      {count ? <Badge variant="primary">{count}</Badge> : null}
    </h2>
  );
}

/**
 * /home: the user's own day. Their pending reviews by deadline, unread notifications and mentions.
 * Assigned tasks join here once tasks exist.
 */
export function HomePage() {
  const home = useHome();

  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Home" subtitle="Your reviews, notifications and mentions for today." />

      {home.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{home.error.message || 'Failed to load your day.'}</span>
            <Button size="sm" variant="outline" onClick={() => home.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : null}

      {home.isPending ? (
        <div role="status" aria-label="Loading your day" className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : home.data ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="home-pending" className="flex min-w-0 flex-col gap-3">
            <SectionHeading
              id="home-pending"
              title="My pending reviews"
              count={home.data.pending_reviews.length}
            />
            <PendingReviewList songs={home.data.pending_reviews} />
          </section>
          <div className="flex min-w-0 flex-col gap-6">
            <section aria-labelledby="home-notifications" className="flex flex-col gap-2">
              <SectionHeading
                id="home-notifications"
                title="Notifications"
                count={home.data.unread_notification_count}
              />
              <Card className="p-1.5">
                <NotificationList notifications={home.data.notifications} />
              </Card>
            </section>
            <section aria-labelledby="home-mentions" className="flex flex-col gap-2">
              <SectionHeading id="home-mentions" title="Mentions" count={home.data.mentions.length} />
              <Card className="p-1.5">
                <MentionList mentions={home.data.mentions} />
              </Card>
            </section>
          </div>
        </div>
      ) : null}
    </div>
  );
}
