import { startTyping, stopTyping } from '@music-review/core/contracts/messages';
import { TYPING_IDLE_MS } from '@music-review/core/messages';
import { useCallback, useEffect, useRef } from 'react';
import { useApiClient } from '../../../lib/api-context';

/** A keystroke refreshes the caller's typing state at most this often. */
export const TYPING_REFRESH_MS = 1_000;

/**
 * The caller's typing state (spec sections 4 and 9): PUT /api/v1/conversations/{id}/typing on
 * keystrokes (at most once a second), DELETE of the same 3 s after the last keystroke, on send and
 * when the thread closes.
 */
export function useTypingReporter(conversationId: string) {
  const api = useApiClient();
  const lastPut = useRef(0);
  const isTyping = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(idleTimer.current);
    if (!isTyping.current) return;
    isTyping.current = false;
    lastPut.current = 0;
    api
      .call(stopTyping, { params: { id: conversationId } })
      .catch((error: unknown) => console.warn('Could not clear typing', error));
  }, [api, conversationId]);

  const keystroke = useCallback(() => {
    const now = Date.now();
    if (now - lastPut.current >= TYPING_REFRESH_MS) {
      lastPut.current = now;
      isTyping.current = true;
      api
        .call(startTyping, { params: { id: conversationId } })
        .catch((error: unknown) => console.warn('Could not report typing', error));
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [api, conversationId, stop]);

  useEffect(() => stop, [stop]);

  return { keystroke, stop };
}
