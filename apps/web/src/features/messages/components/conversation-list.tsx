import type { ConversationSummaryDto } from '@music-review/core/messages';
import { unreadBadgeText } from '@music-review/core/messages';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useConversations } from '../api/get-conversations';
import { formatFullTime, formatListTime } from '../format-time';
import { ConversationIcon } from './conversation-title';

function ConversationRow({
  conversation,
  myId,
  onOpen,
}: {
  conversation: ConversationSummaryDto;
  myId: string | undefined;
  onOpen: () => void;
}) {
  const unread = conversation.unread_count;
  const badge = unreadBadgeText(unread);
  const preview = conversation.last_message_preview
    ? `${conversation.last_message_sender_id === myId ? 'You: ' : ''}${conversation.last_message_preview}`
    : 'No messages yet';
  const when = conversation.last_message_at ?? conversation.created_at;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left outline-none transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ConversationIcon conversation={conversation} className="size-9 text-xs" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span
              className={cn(
                'flex-1 truncate text-sm',
                unread > 0 ? 'font-semibold text-foreground' : 'font-medium text-foreground',
              )}
            >
              {conversation.title}
            </span>
            <time
              dateTime={when}
              title={formatFullTime(when)}
              className="shrink-0 text-xs text-muted-foreground"
            >
              {formatListTime(when)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span
              className={cn(
                'flex-1 truncate text-xs',
                unread > 0 ? 'text-foreground' : 'text-muted-foreground',
              )}
            >
              {preview}
            </span>
            {badge ? (
              <span
                data-testid="conversation-unread"
                className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[0.6875rem] font-semibold tabular-nums text-primary-foreground"
              >
                {badge}
                <span className="sr-only">{unread === 1 ? ' unread message' : ' unread messages'}</span>
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}

const time = (value: string | null) => (value ? new Date(value).getTime() : Number.NEGATIVE_INFINITY);

/** Newest activity first: the last message's time (none last), then when it was created. */
export function newestFirst(conversations: readonly ConversationSummaryDto[]): ConversationSummaryDto[] {
  return [...conversations].sort(
    (a, b) => time(b.last_message_at) - time(a.last_message_at) || time(b.created_at) - time(a.created_at),
  );
}

/**
 * The conversations the caller may see, newest activity first: title,
 * the last message, when, and how many are unread.
 */
export function ConversationList({
  myId,
  onOpen,
}: {
  myId: string | undefined;
  onOpen: (conversationId: string) => void;
}) {
  const conversations = useConversations();
  if (conversations.isPending) return <LoadingState label="Loading conversations..." className="py-10" />;
  if (conversations.isError) {
    return (
      <p role="alert" className="px-4 py-10 text-center text-sm text-destructive">
        {conversations.error.message}
      </p>
    );
  }
  if (conversations.data.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-muted-foreground">
        No conversations yet. Start one with New chat.
      </p>
    );
  }
  return (
    <ul aria-label="Conversations" className="flex flex-col gap-0.5 p-1.5">
      {newestFirst(conversations.data).map((conversation) => (
        <ConversationRow
          key={conversation.id}
          conversation={conversation}
          myId={myId}
          onOpen={() => onOpen(conversation.id)}
        />
      ))}
    </ul>
  );
}
