import { FEEDBACK_KIND_LABELS, type FeedbackDto } from '@music-review/core/feedback';
import { formatTimeAgo } from '@music-review/core/hub';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareDashed } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { useApiClient } from '../../../lib/api-context';
import { getImageUrl } from '../../../lib/audio/signed-url';

/** The page part of an address, which is what a reader recognises ('/overview?status=pending'). */
function pageOf(url: string) {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function ScreenshotThumb({ fileKey }: { fileKey: string }) {
  const api = useApiClient();
  const signed = useQuery({
    queryKey: ['feedback', 'screenshot', fileKey],
    queryFn: ({ signal }) => getImageUrl(api, fileKey, signal),
    // Signed for an hour: reuse it for most of that.
    staleTime: 50 * 60_000,
    retry: false,
  });
  if (signed.isError) {
    // Spec section 8: the image's error text, kept as it came.
    return (
      <p role="alert" className="text-xs text-destructive">
        {signed.error.message}
      </p>
    );
  }
  if (!signed.data) return null;
  return (
    <a
      href={signed.data.url}
      target="_blank"
      rel="noreferrer"
      className="self-start rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <img
        src={signed.data.url}
        alt="Attached screenshot"
        className="h-24 w-40 rounded-lg border border-border bg-muted object-cover"
      />
    </a>
  );
}

/** What the user sent, newest first. */
export function FeedbackList({ items }: { items: FeedbackDto[] }) {
  const now = Date.now();
  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-10 text-center">
        <MessageSquareDashed aria-hidden="true" className="size-7 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">You haven't sent any feedback yet.</p>
      </Card>
    );
  }
  return (
    <ol aria-label="Feedback you sent" className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.id}>
          <Card className="flex flex-col gap-3 p-4">
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant={item.kind === 'bug' ? 'warning' : 'primary'}>
                {FEEDBACK_KIND_LABELS[item.kind]}
              </Badge>
              <span className="flex min-w-0 items-center gap-1">
                <time dateTime={item.created_at}>{formatTimeAgo(item.created_at, now)}</time>
                {item.page_url ? (
                  <span className="min-w-0 truncate" title={item.page_url}>
                    · from {pageOf(item.page_url)}
                  </span>
                ) : null}
              </span>
            </div>
            <p className="text-sm whitespace-pre-wrap text-foreground [overflow-wrap:anywhere]">
              {item.message}
            </p>
            {item.screenshot_key ? <ScreenshotThumb fileKey={item.screenshot_key} /> : null}
          </Card>
        </li>
      ))}
    </ol>
  );
}
