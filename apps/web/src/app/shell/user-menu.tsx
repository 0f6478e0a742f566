import { LogOut, Moon, Settings, User } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Popover } from '../../components/ui/popover';
import { Spinner } from '../../components/ui/spinner';
import { UserAvatar } from '../../components/user-avatar';
import { paths } from '../../config/paths';
import { OnlineTeam, StatusChoice, StatusDot, usePresenceReporter } from '../../features/presence';
import { SupportInboxMenuItem } from '../../features/support';
import { useAuth, useAuthStore } from '../../lib/auth/auth-context';
import { cn } from '../../lib/cn';
import { useMe } from '../../lib/me';
import { useTheme } from '../../lib/theme/theme-context';

const itemClasses =
  'flex h-9 w-full items-center gap-2.5 rounded-md px-2.5 text-left text-sm text-foreground outline-none transition-colors hover:bg-muted focus-visible:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground';

/**
 * Top bar user menu (spec section 2): name, email, status, the team members online, View Profile,
 * Settings, the Light/Dark toggle, Sign Out. It also reports the member's presence while the shell
 * is shown (one user menu is mounted at a time, desktop or mobile).
 */
export function UserMenu() {
  const me = useMe();
  const { session } = useAuth();
  const store = useAuthStore();
  const { mode, toggle } = useTheme();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const presence = usePresenceReporter();
  const name = me.data?.reviewer?.name ?? '';
  const email = me.data?.reviewer?.email ?? session?.user.email ?? '';
  const avatarId = useId();
  const buttonId = useId();

  return (
    <Popover
      kind="menu"
      label="User menu"
      trigger={(props) => (
        <button
          {...props}
          type="button"
          id={buttonId}
          // Named by what it shows, then what it is (WCAG 2.5.3, label in name): the initials, then
          // its own aria-label: "AL User menu", or "User menu" over a photo.
          aria-labelledby={`${avatarId} ${buttonId}`}
          aria-label="User menu"
          className="relative flex size-10 items-center justify-center rounded-full outline-none transition-shadow focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <UserAvatar
            id={avatarId}
            name={name || email}
            avatarKey={me.data?.reviewer?.avatar_key}
            className="size-8 text-xs"
          />
          <StatusDot
            status={presence.status}
            className="absolute right-1 bottom-1 size-2.5 ring-2 ring-background"
          />
        </button>
      )}
    >
      {(close) => (
        <div className="w-72 p-1.5">
          <div className="px-2.5 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-foreground">{name || 'Your account'}</p>
            <p className="truncate text-xs text-muted-foreground">{email}</p>
          </div>
          <div className="flex flex-col gap-1.5 border-t border-border py-1.5">
            <StatusChoice
              value={presence.chosenStatus}
              onChange={presence.chooseStatus}
              itemClassName={itemClasses}
            />
            <OnlineTeam selfId={me.data?.reviewer?.id} onNavigate={close} />
          </div>
          <div className="flex flex-col gap-0.5 border-t border-border pt-1.5">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={paths.profile.href()}
              onClick={close}
              className={itemClasses}
            >
              <User aria-hidden="true" />
              View Profile
            </Link>
            <Link
              role="menuitem"
              tabIndex={-1}
              to={paths.profile.settingsHref()}
              onClick={close}
              className={itemClasses}
            >
              <Settings aria-hidden="true" />
              Settings
            </Link>
            <SupportInboxMenuItem onNavigate={close} className={itemClasses} />
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={mode === 'dark'}
              tabIndex={-1}
              onClick={toggle}
              className={itemClasses}
            >
              <Moon aria-hidden="true" />
              <span className="flex-1">Dark mode</span>
              <span
                aria-hidden="true"
                className={cn(
                  'relative h-5 w-9 rounded-full transition-colors',
                  mode === 'dark' ? 'bg-primary' : 'bg-input',
                )}
              >
                <span
                  className={cn(
                    'absolute top-0.5 size-4 rounded-full bg-white shadow transition-[left]',
                    mode === 'dark' ? 'left-[1.125rem]' : 'left-0.5',
                  )}
                />
              </span>
            </button>
            <hr className="my-1 border-border" />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={isSigningOut}
              onClick={async () => {
                setIsSigningOut(true);
                await presence.goOffline();
                await store.signOut();
              }}
              className={itemClasses}
            >
              {isSigningOut ? <Spinner /> : <LogOut aria-hidden="true" />}
              Sign Out
            </button>
          </div>
        </div>
      )}
    </Popover>
  );
}
