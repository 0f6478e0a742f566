import { unreadBadgeText } from '@music-review/core/messages';
import { MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { Popover } from '../../components/ui/popover';
import { useUnreadMessageCount } from './use-unread-message-count';

function PendingPanel({ title, note }: { title: string; note: string }) {
  return (
    <div className="w-72 p-4">
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{note}</p>
    </div>
  );
}

/**
 * The top bar's Messages button with the unread badge: the exact count up to 9, then '9+' (spec
 * sections 2 and 9). The accessible name stays "Messages"; the count is its description. The
 * messages panel arrives with messaging (spec section 7).
 */
export function MessagesButton() {
  const unread = useUnreadMessageCount();
  const count = unread.data?.count ?? 0;
  const badge = unreadBadgeText(count);
  const badgeId = useId();
  return (
    <Popover
      label="Messages"
      trigger={(props) => (
        <Button
          {...props}
          variant="ghost"
          size="icon"
          aria-label="Messages"
          title="Messages"
          aria-describedby={badge ? badgeId : undefined}
          className="relative"
        >
          <MessageSquare aria-hidden="true" />
          {badge ? (
            <>
              <span
                aria-hidden="true"
                data-testid="messages-badge"
                className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-semibold tabular-nums text-destructive-foreground"
              >
                {badge}
              </span>
              <span id={badgeId} className="sr-only">
                {count === 1 ? '1 unread message' : `${count} unread messages`}
              </span>
            </>
          ) : null}
        </Button>
      )}
    >
      {() => <PendingPanel title="Messages" note="Messaging is not available yet." />}
    </Popover>
  );
}
