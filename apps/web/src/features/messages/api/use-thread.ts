import { listMessages } from '@music-review/core/contracts/messages';
import { MESSAGES_PAGE_MAX, type MessageDto } from '@music-review/core/messages';
import { type ChangeMessage, conversationTopic } from '@music-review/core/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeClient, useRealtimeTopic } from '../../../lib/realtime-context';
import {
  addSentMessage,
  applyMessageChange,
  mergeAfterPage,
  mergeBeforePage,
  mergeLatestPage,
  type ThreadState,
} from '../thread-state';
import { messagesKeys } from './keys';

/** Messages in the first page of a thread, and in each older page. */
export const THREAD_PAGE_SIZE = 50;
/**
 * How long a light `table:messages` change waits for the hydrated `conversation:<id>` frame of the
 * same message before the thread fetches it itself.
 */
const FALLBACK_DELAY_MS = 300;

/**
 * An open thread's messages, kept by sequence (thread-state.ts). It listens on `conversation:<id>`:
 * a message frame is applied at once, a gap makes it fetch `?after=<last>`, and every (re)subscribe
 * refetches the latest page and merges it, because changes may have been missed while unsubscribed.
 * The light `table:messages` changes are a fallback for a frame that never came.
 */
export function useThread(conversationId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const key = messagesKeys.thread(conversationId);

  // Counts the subscription's confirmations: a page read before the latest one may miss a message
  // sent just before it (its frame went nowhere), so the fetch reads once more.
  const subscribedEpoch = useRef(0);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      for (;;) {
        const epoch = subscribedEpoch.current;
        const page = await api.call(listMessages, {
          params: { id: conversationId },
          query: { limit: THREAD_PAGE_SIZE },
          signal,
        });
        if (epoch === subscribedEpoch.current) {
          return mergeLatestPage(queryClient.getQueryData<ThreadState>(key), page);
        }
      }
    },
  });

  const setState = useCallback(
    (update: (state: ThreadState | undefined) => ThreadState | undefined) =>
      queryClient.setQueryData<ThreadState>(messagesKeys.thread(conversationId), update),
    [queryClient, conversationId],
  );

  const refetchLatest = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: messagesKeys.thread(conversationId), exact: true }),
    [queryClient, conversationId],
  );

  // One catch-up at a time; a gap found meanwhile is remembered and fetched next.
  const catchUp = useRef<{ running: boolean; from: number | null }>({ running: false, from: null });
  const fetchAfter = useCallback(
    async (after: number) => {
      const state = catchUp.current;
      state.from = state.from === null ? after : Math.min(state.from, after);
      if (state.running) return;
      state.running = true;
      try {
        while (state.from !== null) {
          let cursor = state.from;
          state.from = null;
          for (;;) {
            const page = await api.call(listMessages, {
              params: { id: conversationId },
              query: { after: cursor, limit: MESSAGES_PAGE_MAX },
            });
            const from = cursor;
            setState((current) => mergeAfterPage(current, page, from, MESSAGES_PAGE_MAX));
            const last = page.messages.at(-1)?.sequence;
            if (page.messages.length < MESSAGES_PAGE_MAX || last === undefined) break;
            cursor = last;
          }
        }
      } catch (error) {
        // Spec section 8: messaging errors are only logged. The next change or resubscribe retries.
        console.warn('Could not fetch missed messages', error);
      } finally {
        state.running = false;
      }
    },
    [api, conversationId, setState],
  );

  const applyMessage = useCallback(
    (event: ChangeMessage['event'], message: MessageDto) => {
      const current = queryClient.getQueryData<ThreadState>(messagesKeys.thread(conversationId));
      if (!current) {
        // The first page is still on its way and may have been read before this message existed.
        refetchLatest();
        return;
      }
      const { state, gapAfter } = applyMessageChange(current, { event, message });
      if (state !== current) setState(() => state);
      if (gapAfter !== null) void fetchAfter(gapAfter);
    },
    [queryClient, conversationId, setState, refetchLatest, fetchAfter],
  );

  const onConversationChange = useRef<(change: ChangeMessage) => void>(() => {});
  onConversationChange.current = (change) => {
    if (change.table !== 'messages') return;
    if (change.message) applyMessage(change.event, change.message);
    else refetchLatest();
  };

  useEffect(() => {
    if (!client) return;
    return client.subscribe(
      conversationTopic(conversationId),
      (change) => onConversationChange.current(change),
      {
        onSubscribed: () => {
          subscribedEpoch.current += 1;
          refetchLatest();
        },
      },
    );
  }, [client, conversationId, refetchLatest]);

  // The fallback: a light change for this conversation whose message is still not held.
  const fallbackTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = fallbackTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  useRealtimeTopic('table:messages', (change) => {
    if (change.conversation_id !== conversationId) return;
    const timer = setTimeout(() => {
      fallbackTimers.current.delete(timer);
      const current = queryClient.getQueryData<ThreadState>(messagesKeys.thread(conversationId));
      if (!current) return;
      const { sequence } = change;
      if (change.event !== 'INSERT' || sequence === undefined) {
        // A deletion or an edit whose frame did not come: the latest page shows the truth.
        if (change.event !== 'INSERT' && change.id && current.messages.some((m) => m.id === change.id)) {
          refetchLatest();
        }
        return;
      }
      if (sequence > current.lastSequence) void fetchAfter(current.lastSequence);
    }, FALLBACK_DELAY_MS);
    fallbackTimers.current.add(timer);
  });

  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const loadOlder = useCallback(async () => {
    const current = queryClient.getQueryData<ThreadState>(messagesKeys.thread(conversationId));
    const first = current?.messages[0]?.sequence;
    if (!current?.hasMoreBefore || first === undefined) return;
    setIsLoadingOlder(true);
    try {
      const page = await api.call(listMessages, {
        params: { id: conversationId },
        query: { before: first, limit: THREAD_PAGE_SIZE },
      });
      setState((state) => mergeBeforePage(state, page, first));
    } catch (error) {
      console.warn('Could not load older messages', error);
    } finally {
      setIsLoadingOlder(false);
    }
  }, [api, queryClient, conversationId, setState]);

  /** The POST's answer: shown at once, unless the socket brought it first. */
  const addSent = useCallback(
    (message: MessageDto) => {
      const current = queryClient.getQueryData<ThreadState>(messagesKeys.thread(conversationId));
      const { state, gapAfter } = addSentMessage(current, message);
      setState(() => state);
      if (gapAfter !== null && current) void fetchAfter(gapAfter);
    },
    [queryClient, conversationId, setState, fetchAfter],
  );

  /** A message the caller deleted: gone at once, before the socket confirms it. */
  const removeDeleted = useCallback(
    (message: MessageDto) =>
      setState((current) =>
        current
          ? applyMessageChange(current, { event: 'UPDATE', message: { ...message, is_deleted: true } }).state
          : current,
      ),
    [setState],
  );

  return { ...query, loadOlder, isLoadingOlder, addSent, removeDeleted };
}
