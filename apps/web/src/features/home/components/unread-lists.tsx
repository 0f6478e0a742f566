import { formatTimeAgo, type HomeMentionDto, type HomeNotificationDto } from '@music-review/core/hub';
import { NOTIFICATION_SECOND_STEP_MS, notificationTarget } from '@music-review/core/notifications';
import { AtSign, Bell } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMarkNotificationRead } from '../api/mark-notification-read';

const rowClasses =
  'flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left outline-none transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring';

function Empty({ text }: { text: string }) {
  return <p className="px-3 py-2 text-sm text-muted-foreground">{text}</p>;
}

/** Unread notifications; opening one marks it read and goes where its type leads (spec section 4). */
export function NotificationList({ notifications }: { notifications: HomeNotificationDto[] }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const secondStep = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(secondStep.current), []);
  const now = Date.now();

  if (notifications.length === 0) return <Empty text="No unread notifications" />;
  return (
    <ul aria-label="Unread notifications" className="flex flex-col">
      {notifications.map((n) => {
        const target = notificationTarget(n.type, n.song_id, n.conversation_id);
        const open = () => {
          markRead.mutate(n.id);
          if (!target) return;
          clearTimeout(secondStep.current);
          navigate(target.path);
          const { nextPath } = target;
          if (nextPath)
            secondStep.current = setTimeout(() => navigate(nextPath), NOTIFICATION_SECOND_STEP_MS);
        };
        return (
          <li key={n.id}>
            <button type="button" onClick={open} className={rowClasses}>
              <Bell aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="text-sm font-medium text-foreground [overflow-wrap:anywhere]">
                  {n.message}
                </span>
                <span className="text-xs text-muted-foreground">
                  {n.sender_name ? `${n.sender_name} · ` : ''}
                  <time dateTime={n.created_at}>{formatTimeAgo(n.created_at, now)}</time>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

const WHERE: Record<HomeMentionDto['conversation_type'], string> = {
  dm: 'a direct message',
  song_chat: 'a song chat',
  support: 'a support chat',
};

/** Mentions of the caller in messages they have not read yet. */
export function MentionList({ mentions }: { mentions: HomeMentionDto[] }) {
  const now = Date.now();
  if (mentions.length === 0) return <Empty text="No unread mentions" />;
  return (
    <ul aria-label="Unread mentions" className="flex flex-col">
      {mentions.map((m) => {
        const body = (
          <>
            <AtSign aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="flex min-w-0 flex-col gap-0.5">
              <span className="text-xs text-muted-foreground">
                {m.mentioned_by_name ?? 'Someone'} mentioned you in {WHERE[m.conversation_type]} ·{' '}
                <time dateTime={m.created_at}>{formatTimeAgo(m.created_at, now)}</time>
              </span>
              <span className="line-clamp-2 text-sm text-foreground [overflow-wrap:anywhere]">
                {m.message_text}
              </span>
            </span>
          </>
        );
        return (
          <li key={m.id}>
            <Link to={`?chat=${encodeURIComponent(m.conversation_id)}`} className={rowClasses}>
              {body}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
