import { markConversationRead } from '@music-review/core/contracts/messages';
import type { ConversationSummaryDto } from '@music-review/core/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { messagesKeys } from './keys';

/** Read marks of a burst of messages coming into view go out as one request. */
const MARK_READ_DELAY_MS = 150;

/**
 * POST /api/v1/conversations/{id}/read as messages come into view: `markUpTo(n)` for each message of
 * others seen; the highest goes out once, and the list's and the top bar's counts follow.
 * `alreadyRead` is what is known to be read (nothing is sent up to it).
 */
export function useMarkRead(conversationId: string, alreadyRead: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const marked = useRef(alreadyRead);
  const wanted = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);

  // A new conversation starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the conversation changes
  useEffect(() => {
    marked.current = alreadyRead;
    wanted.current = 0;
    return () => clearTimeout(timer.current);
  }, [conversationId]);

  const flush = useCallback(async () => {
    if (inFlight.current) return;
    const upTo = wanted.current;
    if (upTo <= marked.current) return;
    inFlight.current = true;
    try {
      const result = await api.call(markConversationRead, {
        params: { id: conversationId },
        body: { up_to_sequence: upTo },
      });
      marked.current = Math.max(marked.current, upTo);
      const setUnread = (conversation: ConversationSummaryDto) =>
        conversation.id === conversationId
          ? { ...conversation, unread_count: result.unread_count }
          : conversation;
      queryClient.setQueryData<ConversationSummaryDto[]>(messagesKeys.conversations, (list) =>
        list?.map(setUnread),
      );
      queryClient.setQueryData<ConversationSummaryDto>(messagesKeys.conversation(conversationId), (c) =>
        c ? setUnread(c) : c,
      );
      void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount, exact: true });
    } catch (error) {
      // Spec section 8: only logged; the next message seen tries again.
      console.warn('Could not mark messages read', error);
    } finally {
      inFlight.current = false;
    }
    if (wanted.current > marked.current) void flush();
  }, [api, queryClient, conversationId]);

  return useCallback(
    (sequence: number) => {
      if (sequence <= Math.max(marked.current, wanted.current)) return;
      wanted.current = sequence;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), MARK_READ_DELAY_MS);
    },
    [flush],
  );
}
