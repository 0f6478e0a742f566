import { Link } from 'react-router';
import { Deferred } from '../../components/deferred';
import { paths } from '../../config/paths';
import { BrandedLogo } from '../../features/branding/shell';
import { NotificationsButton } from '../../features/notifications/shell';
import { MessagesButton } from './header-panels';
import { UserMenu } from './user-menu';

/** Mobile top bar: logo, notification bell, messages; the user menu too, for profile and sign-out. */
export function MobileTopBar() {
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border bg-background/90 pr-2 pl-4 backdrop-blur-md">
      <Link
        to={paths.labelHub.href()}
        className="min-w-0 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <BrandedLogo />
      </Link>
      {/* After the page's first paint: the logo does not move when they arrive. */}
      <Deferred>
        <div className="flex items-center">
          <NotificationsButton />
          <MessagesButton />
          <UserMenu />
        </div>
      </Deferred>
    </header>
  );
}
