import { unreadBadgeText } from '@music-review/core/messages';
import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { useMessagesPanel } from '../../features/messages/shell';
import { useUnreadMessageCount } from './use-unread-message-count';

/** The panel (threads, composer, new-chat dialog) is its own chunk, fetched when first wanted. */
const loadMessagesPanel = () => import('../../features/messages/components/messages-panel');
const MessagesPanel = lazy(() => loadMessagesPanel().then((m) => ({ default: m.MessagesPanel })));

/**
 * The top bar's Messages button with the unread badge: the exact count up to 9, then '9+' (spec
 * sections 2 and 9). The accessible name stays "Messages"; the count is its description. It opens
 * the messages panel, as does `?chat=<conversationId>` on any page.
 */
export function MessagesButton() {
  const unread = useUnreadMessageCount();
  const count = unread.data?.count ?? 0;
  const badge = unreadBadgeText(count);
  const badgeId = useId();
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panel = useMessagesPanel();

  return (
    <>
      {/* The badge sits over the button's corner, not in it: the count is the button's description,
          not its label (a number inside a control would be read as its name, WCAG 2.5.3). */}
      <span className="relative inline-flex">
        <Button
          ref={triggerRef}
          variant="ghost"
          size="icon"
          aria-label="Messages"
          title="Messages"
          aria-haspopup="dialog"
          aria-expanded={panel.isOpen}
          aria-controls={panel.isOpen ? panelId : undefined}
          aria-describedby={badge ? badgeId : undefined}
          onClick={panel.toggle}
          // Fetch the panel's code as the pointer arrives, so it is usually there by the click.
          onPointerEnter={() => void loadMessagesPanel()}
          onFocus={() => void loadMessagesPanel()}
          className="relative"
        >
          <MessageSquare aria-hidden="true" />
          {badge ? (
            <span id={badgeId} className="sr-only">
              {count === 1 ? '1 unread message' : `${count} unread messages`}
            </span>
          ) : null}
        </Button>
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="messages-badge"
            className="pointer-events-none absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive-strong px-1 text-[0.625rem] leading-none font-semibold tabular-nums text-destructive-foreground"
          >
            {badge}
          </span>
        ) : null}
      </span>
      {panel.isOpen ? (
        <Suspense fallback={null}>
          <MessagesPanel
            id={panelId}
            conversationId={panel.conversationId}
            onOpenConversation={panel.openConversation}
            onClose={(returnFocus) => {
              panel.close();
              if (returnFocus) triggerRef.current?.focus();
            }}
            triggerRef={triggerRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
