import { Bell, MessageSquare } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Popover } from '../../components/ui/popover';

function PendingPanel({ title, note }: { title: string; note: string }) {
  return (
    <div className="w-72 p-4">
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{note}</p>
    </div>
  );
}

/** The top bar's Messages button; the messages panel arrives with messaging (spec section 7). */
export function MessagesButton() {
  return (
    <Popover
      label="Messages"
      trigger={(props) => (
        <Button {...props} variant="ghost" size="icon" aria-label="Messages" title="Messages">
          <MessageSquare aria-hidden="true" />
        </Button>
      )}
    >
      {() => <PendingPanel title="Messages" note="Messaging is not available yet." />}
    </Popover>
  );
}

/** The notification bell; notifications arrive with their feature. */
export function NotificationsButton() {
  return (
    <Popover
      label="Notifications"
      trigger={(props) => (
        <Button {...props} variant="ghost" size="icon" aria-label="Notifications" title="Notifications">
          <Bell aria-hidden="true" />
        </Button>
      )}
    >
      {() => <PendingPanel title="Notifications" note="Notifications are not available yet." />}
    </Popover>
  );
}
