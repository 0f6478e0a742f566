import type { MentionableMember } from '@music-review/core/mentions';
import type { ConversationReadDto, ConversationSummaryDto, MessageDto } from '@music-review/core/messages';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useMe } from '../../../lib/me';
import { StartCallButton } from '../../video-call';
import { useDeleteMessage } from '../api/delete-message';
import { useConversation } from '../api/get-conversation';
import { useReads } from '../api/get-conversation-reads';
import { useMembers } from '../api/get-members';
import { typingText, useTypingMembers } from '../api/get-typing-members';
import { useMarkRead } from '../api/mark-conversation-read';
import { useThread } from '../api/use-thread';
import { Composer } from './composer';
import { ConversationIcon, conversationSubtitle } from './conversation-title';
import { MessageItem } from './message-item';
import { SeenBy } from './seen-by';

export interface ConversationThreadProps {
  conversationId: string;
  /** Tighter spacing, for a thread beside other content (a song's chat panel). */
  compact?: boolean;
  /** Controls placed in the thread's header, after the built-in ones. */
  headerActions?: ReactNode;
  /** Shows a back button in the header (the messages panel's way back to its list). */
  onBack?: () => void;
}

/** Within this distance of the bottom the thread follows new messages. */
const STICK_TO_BOTTOM_PX = 80;

/**
 * Calls `markUpTo` for messages of others as they come into view: an IntersectionObserver where the
 * browser has one (jsdom has not: there every message shown counts as seen). Nothing counts as
 * seen while the page is hidden; what was shown meanwhile counts when it is visible again.
 */
function useMarkSeen(
  scroller: React.RefObject<HTMLElement | null>,
  messages: readonly MessageDto[],
  myId: string | undefined,
  markUpTo: (sequence: number) => void,
) {
  const hiddenMax = useRef(0);
  const seen = useCallback(
    (sequence: number) => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
        hiddenMax.current = Math.max(hiddenMax.current, sequence);
        return;
      }
      markUpTo(sequence);
    },
    [markUpTo],
  );

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || hiddenMax.current === 0) return;
      const sequence = hiddenMax.current;
      hiddenMax.current = 0;
      markUpTo(sequence);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markUpTo]);

  useEffect(() => {
    const root = scroller.current;
    if (!root || !myId) return;
    const others = messages.filter((m) => m.sender_id !== myId);
    if (others.length === 0) return;
    if (typeof IntersectionObserver === 'undefined') {
      seen(Math.max(...others.map((m) => m.sequence)));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const visibleEnough =
            entry.intersectionRatio >= 0.5 ||
            entry.intersectionRect.height >= (entry.rootBounds?.height ?? Number.POSITIVE_INFINITY) / 2;
          if (!entry.isIntersecting || !visibleEnough) continue;
          const sequence = Number((entry.target as HTMLElement).dataset.sequence);
          if (Number.isFinite(sequence)) seen(sequence);
        }
      },
      { root, threshold: [0, 0.25, 0.5] },
    );
    for (const element of root.querySelectorAll<HTMLElement>('[data-others="true"]'))
      observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, messages, myId, seen]);
}

function ThreadHeader({
  conversation,
  onBack,
  actions,
  compact,
}: {
  conversation: ConversationSummaryDto | undefined;
  onBack?: (() => void) | undefined;
  actions?: ReactNode;
  compact: boolean;
}) {
  return (
    <div
      className={cn('flex items-center gap-2 border-b border-border', compact ? 'px-2 py-1.5' : 'px-3 py-2')}
    >
      {onBack ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Back to conversations"
          title="Back"
          onClick={onBack}
        >
          <ArrowLeft aria-hidden="true" />
        </Button>
      ) : null}
      {conversation ? <ConversationIcon conversation={conversation} className="size-8 text-xs" /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="truncate text-sm font-semibold text-foreground">
          {conversation?.title ?? 'Conversation'}
        </h3>
        {conversation ? (
          <p className="truncate text-xs text-muted-foreground">{conversationSubtitle(conversation)}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {/* Calls are for direct messages and song chats (not support). */}
        {conversation && conversation.type !== 'support' ? (
          <StartCallButton conversationId={conversation.id} size="icon-sm" variant="ghost" />
        ) : null}
        {actions}
      </div>
    </div>
  );
}

/**
 * One conversation: its messages in order (own on the right), who has seen the caller's latest,
 * who is typing, and the message box. Kept live over the socket; read marks go out as messages of
 * others come into view. Used by the messages panel, the support inbox and the song chats.
 */
export function ConversationThread({
  conversationId,
  compact = false,
  headerActions,
  onBack,
}: ConversationThreadProps) {
  const me = useMe();
  const myId = me.data?.reviewer?.id;
  const conversation = useConversation(conversationId);
  const thread = useThread(conversationId);
  const reads = useReads(conversationId);
  const members = useMembers();
  const summary = conversation.data;
  // Admins may delete any message of their label; support staff answering another label may not.
  const isAdmin = me.data?.reviewer?.is_admin === true && summary?.organization_name === undefined;
  const deleteMessage = useDeleteMessage();
  const deleteOne = (message: MessageDto) =>
    deleteMessage
      .mutateAsync(message.id)
      .then(() => thread.removeDeleted(message))
      .catch((error: unknown) => {
        toast.error(`Message not deleted. ${error instanceof Error ? error.message : ''}`.trim(), {
          duration: 5000,
        });
      });

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const member of members.data ?? []) map.set(member.id, member.name);
    for (const message of thread.data?.messages ?? []) {
      if (message.sender_id && message.sender_name) map.set(message.sender_id, message.sender_name);
    }
    if (summary?.other_member) map.set(summary.other_member.id, summary.other_member.name);
    return map;
  }, [members.data, thread.data, summary]);

  const mentionable = useMemo<MentionableMember[]>(() => {
    const others = (members.data ?? []).filter((m) => m.id !== myId);
    // Support staff answering another label: their own colleagues cannot see it, so no one to mention.
    if (summary?.type === 'support' && summary.organization_name !== undefined) return [];
    if (summary?.type === 'dm') {
      const other = summary.other_member;
      if (!other) return [];
      const member = others.find((m) => m.id === other.id);
      return [{ id: other.id, name: other.name, email: member?.email ?? '' }];
    }
    return others.map(({ id, name, email }) => ({ id, name, email }));
  }, [members.data, myId, summary]);

  const typingNames = useTypingMembers(conversationId, myId, names);
  const typingLine = typingText(typingNames);

  const markUpTo = useMarkRead(
    conversationId,
    summary && summary.unread_count === 0 ? summary.last_sequence : 0,
  );

  const messages = thread.data?.messages ?? [];
  const scrollerRef = useRef<HTMLDivElement>(null);
  useMarkSeen(scrollerRef, messages, myId, markUpTo);

  // Follow new messages while at the bottom; keep the place when older ones are put in front.
  const isAtBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const lastSequence = messages.at(-1)?.sequence ?? 0;
  const lastIsOwn = messages.at(-1)?.sender_id === myId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message arrives or the typing line changes
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    if (heightBeforeOlder.current !== null) {
      scroller.scrollTop += scroller.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (isAtBottom.current || lastIsOwn) scroller.scrollTop = scroller.scrollHeight;
  }, [lastSequence, lastIsOwn, messages.length, typingLine]);

  const myLatest = myId ? messages.findLast((m) => m.sender_id === myId) : undefined;
  const seenBy: ConversationReadDto[] = myLatest
    ? (reads.data ?? []).filter((r) => r.reviewer_id !== myId && r.last_read_sequence >= myLatest.sequence)
    : [];

  const mentionNamesOf = (message: MessageDto) =>
    message.mentioned_user_ids.map((id) => names.get(id)).filter((name): name is string => !!name);

  return (
    <section aria-label={summary?.title ?? 'Conversation'} className="flex h-full min-h-0 flex-col">
      <ThreadHeader conversation={summary} onBack={onBack} actions={headerActions} compact={compact} />
      <div
        ref={scrollerRef}
        onScroll={(event) => {
          const el = event.currentTarget;
          isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
        }}
        className={cn('min-h-0 flex-1 overflow-y-auto', compact ? 'px-2 py-2' : 'px-3 py-3')}
      >
        {thread.isPending ? (
          <LoadingState label="Loading messages..." className="py-10" />
        ) : thread.isError && messages.length === 0 ? (
          <p role="alert" className="px-2 py-10 text-center text-sm text-destructive">
            {thread.error.message}
          </p>
        ) : (
          <>
            {thread.data?.hasMoreBefore ? (
              <div className="mb-3 flex justify-center">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={thread.isLoadingOlder}
                  onClick={() => {
                    heightBeforeOlder.current = scrollerRef.current?.scrollHeight ?? null;
                    void thread.loadOlder();
                  }}
                >
                  {thread.isLoadingOlder ? <Spinner className="size-4" /> : null}
                  Load older messages
                </Button>
              </div>
            ) : null}
            {messages.length === 0 ? (
              <p className="px-2 py-10 text-center text-sm text-muted-foreground">
                No messages yet. Say hello!
              </p>
            ) : (
              <ol aria-label="Messages" className="flex flex-col gap-3">
                {messages.map((message) => {
                  const isOwn = message.sender_id === myId;
                  return (
                    <MessageItem
                      key={message.sequence}
                      message={message}
                      isOwn={isOwn}
                      mentionNames={mentionNamesOf(message)}
                      footer={message === myLatest ? <SeenBy readers={seenBy} /> : undefined}
                      onDelete={isOwn || isAdmin ? () => deleteOne(message) : undefined}
                    />
                  );
                })}
              </ol>
            )}
          </>
        )}
      </div>
      <p role="status" aria-live="polite" className="min-h-5 px-4 text-xs text-muted-foreground italic">
        {typingLine}
      </p>
      <Composer
        conversationId={conversationId}
        mentionable={mentionable}
        onSent={thread.addSent}
        compact={compact}
      />
    </section>
  );
}
