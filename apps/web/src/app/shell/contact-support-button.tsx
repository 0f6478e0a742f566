import { SUPPORT_MESSAGES } from '@music-review/core/messages';
import { Headset, Lock } from 'lucide-react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { useOpenSupportChat } from '../../features/support';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { cn } from '../../lib/cn';
import { useMe } from '../../lib/me';

/** Spec section 8: the plan toast stays 5 s and carries a lock icon. */
const NO_PLAN_TOAST_MS = 5000;

/**
 * Contact Support (spec sections 2, 6 and 8): opens the caller's support conversation in the messages
 * panel (`?chat=<id>`). The server holds the plan gate, because on Starter the first support chat is
 * a one-time trial and an existing one stays usable: the button always asks and shows the spec's
 * toasts for its answers. The Pro badge follows the plan's flag alone.
 */
export function ContactSupportButton({ isCollapsed }: { isCollapsed: boolean }) {
  const me = useMe();
  const { session } = useAuth();
  const openSupport = useOpenSupportChat();
  const [, setSearchParams] = useSearchParams();
  const organization = me.data?.organization;
  // Unknown until /me answers: no badge rather than a flash of one.
  const lacksChat = organization ? !organization.has_chat_functionality : false;

  const onClick = () => {
    if (!session || me.data?.organization === null) {
      toast.error(SUPPORT_MESSAGES.notSignedIn, { id: 'support-sign-in' });
      return;
    }
    openSupport.mutate(undefined, {
      onSuccess: (conversation) => {
        setSearchParams((current) => {
          const next = new URLSearchParams(current);
          next.set('chat', conversation.id);
          return next;
        });
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'plan_required') {
          toast.error(SUPPORT_MESSAGES.noPlan, {
            id: 'support-upgrade',
            duration: NO_PLAN_TOAST_MS,
            icon: <Lock aria-hidden="true" className="size-4 shrink-0" />,
          });
        } else if (isApiError(error) && error.status === 401) {
          toast.error(SUPPORT_MESSAGES.notSignedIn, { id: 'support-sign-in' });
        } else {
          toast.error(SUPPORT_MESSAGES.failed, { id: 'support-failed' });
        }
      },
    });
  };

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={openSupport.isPending}
      aria-busy={openSupport.isPending || undefined}
      title={isCollapsed ? 'Contact Support' : undefined}
      className={cn(
        'relative flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-70',
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
