import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The query parameter that opens the panel on a conversation (mention notifications, Contact Support). */
export const CHAT_PARAM = 'chat';

/**
 * Whether the messages panel is open and on which conversation. `?chat=<conversationId>` on any
 * page opens it there; the parameter is then taken out of the address (replacing the history
 * entry), so closing the panel does not reopen it and the same link works again.
 */
export function useMessagesPanel() {
  const [isOpen, setIsOpen] = useState(false);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const chat = searchParams.get(CHAT_PARAM);

  useEffect(() => {
    if (!chat) return;
    setConversationId(chat);
    setIsOpen(true);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHAT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [chat, setSearchParams]);

  // The button opens the list (with its unread counts); a link opens a conversation.
  const toggle = useCallback(() => {
    setConversationId(null);
    setIsOpen((open) => !open);
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
  return { isOpen, conversationId, openConversation: setConversationId, toggle, close };
}
