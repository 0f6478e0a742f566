import { useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { useMe } from '../../../lib/me';
import { messagesKeys } from '../api/keys';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { NewChatDialog } from './new-chat-dialog';

export interface MessagesPanelProps {
  id: string;
  /** The open conversation; null shows the list. */
  conversationId: string | null;
  onOpenConversation: (conversationId: string | null) => void;
  /** Closes the panel; `returnFocus` puts the focus back on the button that opened it. */
  onClose: (returnFocus: boolean) => void;
  /** The button that opens the panel: a click on it is not a click outside. */
  triggerRef: RefObject<HTMLElement | null>;
  /** Extra controls for the open thread's header (the video call button). */
  threadActions?: (conversationId: string) => ReactNode;
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label="Close messages" title="Close" onClick={onClose}>
      <X aria-hidden="true" />
    </Button>
  );
}

/**
 * The messages panel (spec sections 2 and 9): a non-modal dialog under the top bar's Messages button
 * (the full width of the screen on mobile) with the conversation list, one thread at a time, and the
 * New chat dialog. Escape or a click outside closes it.
 */
export function MessagesPanel({
  id,
  conversationId,
  onOpenConversation,
  onClose,
  triggerRef,
  threadActions,
}: MessagesPanelProps) {
  const me = useMe();
  const myId = me.data?.reviewer?.id;
  const queryClient = useQueryClient();
  const panelRef = useRef<HTMLDivElement>(null);
  const [isNewChatOpen, setIsNewChatOpen] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const isNewChatOpenRef = useRef(isNewChatOpen);
  isNewChatOpenRef.current = isNewChatOpen;

  useEffect(() => {
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || isNewChatOpenRef.current) return;
      if (panelRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      // A modal dialog or a toast above the panel is not "outside".
      if (target.closest('[aria-modal="true"], [role="status"], [role="alert"]')) return;
      onCloseRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [triggerRef]);

  // Opening a thread puts the focus in its message box.
  useEffect(() => {
    if (!conversationId) return;
    panelRef.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, [conversationId]);

  const close = () => onClose(true);

  return createPortal(
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-label="Messages"
      tabIndex={-1}
      onKeyDown={(event) => {
        // Keys from the New chat dialog (a portal of its own) bubble here through React: not ours.
        if (event.key !== 'Escape' || !panelRef.current?.contains(event.target as Node)) return;
        event.stopPropagation();
        close();
      }}
      className="fixed inset-x-0 top-14 bottom-0 z-40 flex flex-col overflow-hidden border-border bg-popover text-popover-foreground shadow-pop outline-none max-md:border-t md:top-[4.5rem] md:right-4 md:bottom-auto md:left-auto md:h-[min(40rem,calc(100dvh-5.5rem))] md:w-[26rem] md:rounded-xl md:border"
    >
      {conversationId ? (
        <ConversationThread
          key={conversationId}
          conversationId={conversationId}
          onBack={() => onOpenConversation(null)}
          headerActions={
            <>
              {threadActions?.(conversationId)}
              <CloseButton onClose={close} />
            </>
          }
        />
      ) : (
        <>
          <div className="flex items-center gap-2 border-b border-border px-4 py-3">
            <h2 className="flex-1 text-sm font-semibold text-foreground">Messages</h2>
            <Button variant="outline" size="sm" onClick={() => setIsNewChatOpen(true)}>
              <Plus aria-hidden="true" />
              New chat
            </Button>
            <CloseButton onClose={close} />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList myId={myId} onOpen={onOpenConversation} />
          </div>
        </>
      )}
      <NewChatDialog
        open={isNewChatOpen}
        onOpenChange={setIsNewChatOpen}
        onOpened={(openedId) => {
          setIsNewChatOpen(false);
          void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations, exact: true });
          onOpenConversation(openedId);
        }}
      />
    </div>,
    document.body,
  );
}
