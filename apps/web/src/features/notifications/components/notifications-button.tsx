import {
  NOTIFICATION_SECOND_STEP_MS,
  NOTIFICATION_TEXTS,
  type NotificationDto,
  notificationTarget,
} from '@music-review/core/notifications';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Popover } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { unreadCountOf, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { formatRelativeTime } from '../format-relative-time';

const itemClasses =
  'flex w-full gap-3 rounded-lg px-3 py-2.5 text-left outline-none transition-colors hover:bg-muted focus-visible:bg-muted';

function NotificationItem({ notification, onOpen }: { notification: NotificationDto; onOpen: () => void }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} onClick={onOpen} className={itemClasses}>
      <span
        aria-hidden="true"
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          notification.read ? 'bg-transparent' : 'bg-primary',
        )}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={cn(
            'text-sm break-words',
            notification.read ? 'text-muted-foreground' : 'font-medium text-foreground',
          )}
        >
          {notification.message}
        </span>
        <span className="text-xs text-muted-foreground">
          {notification.sender_name ? <>{notification.sender_name} · </> : null}
          <time dateTime={notification.created_at}>{formatRelativeTime(notification.created_at)}</time>
          {notification.read ? null : <span className="sr-only"> · Unread</span>}
        </span>
      </span>
    </button>
  );
}

/**
 * The notification bell (spec sections 2 and 4): the unread count on the badge, and a dropdown of
 * the caller's notifications, newest first. A click marks one read, closes the dropdown and goes
 * where its type leads.
 */
export function NotificationsButton() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const badgeId = useId();
  const secondStep = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(secondStep.current), []);

  const unread = unreadCountOf(notifications.data);
  const items = notifications.data?.pages.flatMap((page) => page.notifications) ?? [];

  const open = (notification: NotificationDto, close: () => void) => {
    if (!notification.read) markRead.mutate(notification.id);
    close();
    const target = notificationTarget(notification.type, notification.song_id, notification.conversation_id);
    if (!target) return;
    clearTimeout(secondStep.current);
    navigate(target.path);
    const { nextPath } = target;
    if (nextPath) secondStep.current = setTimeout(() => navigate(nextPath), NOTIFICATION_SECOND_STEP_MS);
  };

  return (
    <Popover
      kind="menu"
      label={NOTIFICATION_TEXTS.title}
      // On mobile the bell is not at the screen's edge: the panel spans the screen under the top bar
      // instead of running off its left side.
      panelClassName="w-[22rem] max-w-[calc(100vw-1rem)] max-md:fixed max-md:inset-x-2 max-md:top-14 max-md:w-auto"
      trigger={(props) => (
        <>
          <Button
            {...props}
            variant="ghost"
            size="icon"
            aria-label="Notifications"
            title="Notifications"
            aria-describedby={unread > 0 ? badgeId : undefined}
            className="relative"
          >
            <Bell aria-hidden="true" />
            {unread > 0 ? (
              <span id={badgeId} className="sr-only">
                {unread} unread
              </span>
            ) : null}
          </Button>
          {/* Over the button's corner, not in it: the count is the button's description, not its
              label (a number inside a control would be read as its name, WCAG 2.5.3). */}
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notifications-badge"
              className="pointer-events-none absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive-strong px-1 text-[0.625rem] leading-none font-semibold text-destructive-foreground"
            >
              {unread}
            </span>
          ) : null}
        </>
      )}
    >
      {(close) => (
        <div className="flex flex-col">
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold text-foreground">{NOTIFICATION_TEXTS.title}</h2>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={unread === 0 || undefined}
              onClick={() => {
                if (unread > 0) markAllRead.mutate();
              }}
              className="flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-link outline-none transition-colors hover:bg-muted focus-visible:bg-muted aria-disabled:cursor-default aria-disabled:text-muted-foreground aria-disabled:hover:bg-transparent"
            >
              <CheckCheck aria-hidden="true" className="size-3.5" />
              {NOTIFICATION_TEXTS.markAllRead}
            </button>
          </div>
          <div className="max-h-96 overflow-y-auto p-1.5">
            {notifications.isPending ? (
              <p
                role="status"
                className="flex items-center justify-center gap-2 px-3 py-6 text-sm text-muted-foreground"
              >
                <Spinner className="size-4" />
                {NOTIFICATION_TEXTS.loading}
              </p>
            ) : notifications.isError && items.length === 0 ? (
              <p role="alert" className="px-3 py-6 text-center text-sm text-destructive">
                {notifications.error.message}
              </p>
            ) : items.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-muted-foreground">
                {NOTIFICATION_TEXTS.empty}
              </p>
            ) : (
              <>
                {items.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    onOpen={() => open(notification, close)}
                  />
                ))}
                {notifications.hasNextPage ? (
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    aria-disabled={notifications.isFetchingNextPage || undefined}
                    onClick={() => {
                      if (!notifications.isFetchingNextPage) void notifications.fetchNextPage();
                    }}
                    className="mt-1 flex w-full items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-link outline-none hover:bg-muted focus-visible:bg-muted"
                  >
                    {notifications.isFetchingNextPage ? <Spinner className="size-4" /> : null}
                    Show older notifications
                  </button>
                ) : null}
              </>
            )}
          </div>
        </div>
      )}
    </Popover>
  );
}
