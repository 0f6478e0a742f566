import { listTypingMembers } from '@music-review/core/contracts/messages';
import { TYPING_POLL_MS, TYPING_VISIBLE_MS } from '@music-review/core/messages';
import { conversationTopic } from '@music-review/core/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { messagesKeys } from './keys';

interface Typist {
  name: string;
  /** Shown until then, unless a newer signal says otherwise. */
  until: number;
  /** When the last sign of typing came. */
  seenAt: number;
}

/**
 * Who else is typing in a conversation: pushed over the socket (a change of typing_indicators starts
 * or ends it at once) and polled every 2 s (GET /api/v1/conversations/{id}/typing, spec section 9),
 * each shown within 5 s of their last keystroke. `names` resolves a reviewer id from a socket change
 * to a name.
 */
export function useTypingMembers(
  conversationId: string,
  myId: string | undefined,
  names: ReadonlyMap<string, string>,
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [typists, setTypists] = useState<ReadonlyMap<string, Typist>>(new Map());
  const stoppedAt = useRef(new Map<string, number>());
  const key = messagesKeys.typing(conversationId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start over for another conversation
  useEffect(() => {
    setTypists(new Map());
    stoppedAt.current.clear();
  }, [conversationId]);

  const poll = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const startedAt = Date.now();
      const list = await api.call(listTypingMembers, { params: { id: conversationId }, signal });
      return { list, startedAt };
    },
    refetchInterval: TYPING_POLL_MS,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (!poll.data) return;
    const { list, startedAt } = poll.data;
    const now = Date.now();
    setTypists((current) => {
      const next = new Map<string, Typist>();
      for (const [id, typist] of current) {
        // Someone the server no longer lists stays only if the socket heard from them since.
        if (typist.seenAt > startedAt) next.set(id, typist);
      }
      for (const { reviewer_id, name } of list) {
        if (reviewer_id === myId) continue;
        if ((stoppedAt.current.get(reviewer_id) ?? 0) > startedAt) continue;
        const known = next.get(reviewer_id);
        next.set(reviewer_id, {
          name,
          seenAt: Math.max(known?.seenAt ?? 0, startedAt),
          until: Math.max(known?.until ?? 0, now + TYPING_VISIBLE_MS),
        });
      }
      return next;
    });
  }, [poll.data, myId]);

  useRealtimeTopic(conversationTopic(conversationId), (change) => {
    if (change.table !== 'typing_indicators' || !change.reviewer_id || change.reviewer_id === myId) return;
    const id = change.reviewer_id;
    const now = Date.now();
    if (change.event === 'DELETE') {
      stoppedAt.current.set(id, now);
      setTypists((current) => {
        if (!current.has(id)) return current;
        const next = new Map(current);
        next.delete(id);
        return next;
      });
      return;
    }
    stoppedAt.current.delete(id);
    const name = names.get(id);
    if (name) {
      setTypists((current) =>
        new Map(current).set(id, { name, seenAt: now, until: now + TYPING_VISIBLE_MS }),
      );
    } else {
      // Not someone known here (support staff, a new member): the list names them.
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  });

  // Forget whoever has been quiet for 5 s.
  useEffect(() => {
    if (typists.size === 0) return;
    const next = Math.min(...[...typists.values()].map((t) => t.until));
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setTypists((current) => new Map([...current].filter(([, t]) => t.until > now)));
      },
      Math.max(0, next - Date.now()) + 10,
    );
    return () => clearTimeout(timer);
  }, [typists]);

  return useMemo(() => [...typists.values()].map((t) => t.name), [typists]);
}

/** Spec: "<Name> is typing..."; two names joined, more counted. */
export function typingText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing...`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing...`;
  return `${names[0]} and ${names.length - 1} others are typing...`;
}
