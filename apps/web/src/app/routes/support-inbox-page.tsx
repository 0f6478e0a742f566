import { type ConversationSummaryDto, unreadBadgeText } from '@music-review/core/messages';
import { ArrowLeft, Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../config/paths';
import { ConversationThread } from '../../features/messages';
import { formatRelativeTime } from '../../features/notifications';
import { useLiveSupportInbox, useSupportInbox } from '../../features/support';
import { cn } from '../../lib/cn';

/** The query parameter naming the open conversation (`?chat=` belongs to the messages panel). */
const OPEN_PARAM = 'conversation';

function NotAvailable() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Support Inbox" />
      <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
        <h2 className="text-lg font-semibold text-foreground">Not available</h2>
        <p className="max-w-sm text-sm text-muted-foreground">
          The support inbox is for the Music Review support team.
        </p>
      </Card>
    </div>
  );
}

function InboxRow({ conversation, isOpen }: { conversation: ConversationSummaryDto; isOpen: boolean }) {
  const label = conversation.organization_name ?? conversation.title;
  const time = conversation.last_message_at ?? conversation.created_at;
  return (
    <li>
      <Link
        to={`${paths.supportInbox.href()}?${OPEN_PARAM}=${encodeURIComponent(conversation.id)}`}
        aria-current={isOpen ? 'true' : undefined}
        className={cn(
          'flex flex-col gap-0.5 rounded-lg px-3 py-2.5 text-sm outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
          isOpen ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
        )}
      >
        <span className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate font-medium text-foreground">{label}</span>
          <time dateTime={time} className="shrink-0 text-xs text-muted-foreground">
            {formatRelativeTime(time)}
          </time>
        </span>
        <span className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-muted-foreground">
            {conversation.last_message_preview ?? 'No messages yet'}
          </span>
          {conversation.unread_count > 0 ? (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[0.6875rem] font-semibold text-primary-foreground">
              {unreadBadgeText(conversation.unread_count)}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** Mounted for staff only: the realtime topic is refused to anyone else. */
function LiveInbox({ openConversationId }: { openConversationId: string | null }) {
  useLiveSupportInbox(openConversationId);
  return null;
}

function SupportConversations({ conversations }: { conversations: ConversationSummaryDto[] }) {
  const [searchParams] = useSearchParams();
  const openId = searchParams.get(OPEN_PARAM);
  const open = conversations.find((c) => c.id === openId) ?? null;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 md:flex-row">
      <LiveInbox openConversationId={open?.id ?? null} />
      <nav
        aria-label="Support conversations"
        className={cn('flex flex-col gap-2 md:w-80 md:shrink-0', open ? 'hidden md:flex' : 'flex')}
      >
        {conversations.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <Inbox aria-hidden="true" className="size-6 text-muted-foreground" />
            <p className="text-sm font-medium text-foreground">No support conversations yet</p>
            <p className="text-sm text-muted-foreground">
              When a label contacts support, the conversation appears here.
            </p>
          </Card>
        ) : (
          <Card className="p-1.5">
            <ul className="flex flex-col gap-0.5">
              {conversations.map((conversation) => (
                <InboxRow
                  key={conversation.id}
                  conversation={conversation}
                  isOpen={conversation.id === open?.id}
                />
              ))}
            </ul>
          </Card>
        )}
      </nav>
      {open ? (
        <section
          aria-label={`Support conversation with ${open.organization_name ?? 'a label'}`}
          className="flex min-w-0 flex-1 flex-col gap-3"
        >
          {/* On a phone the list gives way to the thread: the way back, and whose it is. */}
          <div className="flex items-center gap-2 md:hidden">
            <Link
              to={paths.supportInbox.href()}
              aria-label="Back to the inbox"
              className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
            </Link>
            <h2 className="truncate text-lg font-semibold text-foreground">
              {open.organization_name ?? open.title}
            </h2>
          </div>
          <Card className="flex h-[calc(100dvh-22rem)] min-h-80 flex-col overflow-hidden md:h-[calc(100dvh-13rem)] md:min-h-96">
            <ConversationThread key={open.id} conversationId={open.id} />
          </Card>
        </section>
      ) : (
        <Card className="hidden flex-1 items-center justify-center p-6 text-sm text-muted-foreground md:flex md:h-[calc(100dvh-13rem)] md:min-h-96">
          {conversations.length > 0 ? 'Choose a conversation to answer it.' : null}
        </Card>
      )}
    </div>
  );
}

/**
 * /support-inbox: the product's support staff (SUPPORT_EMAILS) answer every label's support
 * conversations here, each with the name of the label that asked. Anyone else sees "Not available".
 */
export function SupportInboxPage() {
  const inbox = useSupportInbox();

  if (inbox.isPending) {
    return (
      <div role="status" aria-label="Loading the support inbox" className="flex flex-col gap-4">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (inbox.isError) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Support Inbox" />
        <Alert>{inbox.error.message}</Alert>
      </div>
    );
  }
  if (inbox.data === null) return <NotAvailable />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Support Inbox" subtitle="Support conversations from every label" />
      <SupportConversations conversations={inbox.data} />
    </div>
  );
}
