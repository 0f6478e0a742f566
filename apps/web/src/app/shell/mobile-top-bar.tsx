import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/me';
import { MessagesButton, NotificationsButton } from './header-panels';
import { UserMenu } from './user-menu';

/** Mobile top bar: logo, notification bell, messages; the user menu too, for profile and sign-out. */
export function MobileTopBar() {
  const me = useMe();
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border bg-background/90 pr-2 pl-4 backdrop-blur-md">
      <Link
        to={paths.labelHub.href()}
        className="min-w-0 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Logo imageUrl={me.data?.organization?.logo_url} />
      </Link>
      <div className="flex items-center">
        <NotificationsButton />
        <MessagesButton />
        <UserMenu />
      </div>
    </header>
  );
}
