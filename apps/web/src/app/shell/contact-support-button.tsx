import { Headset, Lock } from 'lucide-react';
import toast from 'react-hot-toast';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { useMe } from '../../lib/me';

const UPGRADE_MESSAGE = 'Please upgrade to a plan with chat functionality to access support chat.';

/**
 * Support chat needs a plan with has_chat_functionality (spec section 6). Without it: a Pro badge and
 * an upgrade toast, 5 s with a lock icon as spec section 8 sets. The chat itself comes with messaging.
 */
export function ContactSupportButton({ isCollapsed }: { isCollapsed: boolean }) {
  const me = useMe();
  const organization = me.data?.organization;
  // Unknown until /me answers: no badge rather than a flash of one.
  const lacksChat = organization ? !organization.has_chat_functionality : false;

  const onClick = () => {
    if (!organization) {
      toast.error('Please log in to contact support.', { id: 'support-sign-in' });
    } else if (lacksChat) {
      toast.error(UPGRADE_MESSAGE, {
        id: 'support-upgrade',
        duration: 5000,
        icon: <Lock aria-hidden="true" className="size-4 shrink-0" />,
      });
    } else {
      toast('Support chat is not available yet.', { id: 'support-unavailable' });
    }
  };

  return (
    <button
      type="button"
      onClick={onClick}
      title={isCollapsed ? 'Contact Support' : undefined}
      className={cn(
        'relative flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        isCollapsed ? 'justify-center px-0' : 'px-3',
      )}
    >
      <Headset aria-hidden="true" className="size-[1.125rem] shrink-0" />
      <span className={isCollapsed ? 'sr-only' : 'flex-1 truncate text-left'}>Contact Support</span>
      {lacksChat ? (
        <Badge
          variant="primary"
          className={
            isCollapsed
              ? 'absolute -top-1 -right-2 px-1 text-[0.5625rem] leading-3.5 ring-2 ring-background'
              : undefined
          }
        >
          Pro
        </Badge>
      ) : null}
    </button>
  );
}
