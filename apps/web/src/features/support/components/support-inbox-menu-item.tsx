import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSupportInbox } from '../api/get-support-inbox';

/**
 * The user menu's link to /support-inbox, shown to the product's support staff only. Staff is whoever
 * the inbox endpoint answers (others get 404): the question is asked when the menu first opens and
 * then kept like any other answer, so members pay one small 404 now and then, not a request per page.
 */
export function SupportInboxMenuItem({
  onNavigate,
  className,
}: {
  onNavigate: () => void;
  className: string;
}) {
  const inbox = useSupportInbox();
  if (!inbox.data) return null;
  const unread = inbox.data.reduce((sum, c) => sum + c.unread_count, 0);
  return (
    <Link
      role="menuitem"
      tabIndex={-1}
      to={paths.supportInbox.href()}
      onClick={onNavigate}
      className={className}
    >
      <Inbox aria-hidden="true" />
      <span className="flex-1">Support Inbox</span>
      {unread > 0 ? (
        <span className="rounded-full bg-primary px-1.5 text-[0.6875rem] leading-5 font-semibold text-primary-foreground">
          {unread > 9 ? '9+' : unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </Link>
  );
}
