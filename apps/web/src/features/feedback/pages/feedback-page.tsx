import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyFeedback } from '../api/get-my-feedback';
import { FeedbackForm } from '../components/feedback-form';
import { FeedbackList } from '../components/feedback-list';

/**
 * The page the report is about: the one the user came from (the sidebar's and the hub's links pass
 * it along), else this one.
 */
function usePageUrl(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const page =
    typeof from === 'string' && from.startsWith('/') ? from : `${location.pathname}${location.search}`;
  return `${window.location.origin}${page}`;
}

/** /feedback: "Report bugs / Send feedback". */
export function FeedbackPage() {
  const pageUrl = usePageUrl();
  const mine = useMyFeedback();

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Report bugs / Send feedback"
        subtitle="Tell us what went wrong or what would help. We read every message."
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-label="Send feedback" className="min-w-0">
          <FeedbackForm pageUrl={pageUrl} />
        </section>
        <section aria-labelledby="sent-heading" className="flex min-w-0 flex-col gap-3">
          <h2 id="sent-heading" className="text-base font-semibold text-foreground">
            What you sent
          </h2>
          {mine.isPending ? (
            <div role="status" aria-label="Loading your feedback" className="flex flex-col gap-3">
              <Skeleton className="h-24 rounded-xl" />
              <Skeleton className="h-24 rounded-xl" />
            </div>
          ) : mine.isError ? (
            <Alert variant="error">{mine.error.message || 'Your feedback could not be loaded.'}</Alert>
          ) : (
            <FeedbackList items={mine.data} />
          )}
        </section>
      </div>
    </div>
  );
}
