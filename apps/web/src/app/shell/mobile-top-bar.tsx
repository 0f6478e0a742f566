import { Link } from 'react-router';
import { Deferred } from '../../components/deferred';
import { SHELL_CLASSES } from '../../components/shell-classes';
import { paths } from '../../config/paths';
import { BrandedLogo } from '../../features/branding/shell';
import { NotificationsButton } from '../../features/notifications/shell';
import { MessagesButton } from './header-panels';
import { UserMenu } from './user-menu';

/** Mobile top bar: logo, notification bell, messages; the user menu too, for profile and sign-out. */
export function MobileTopBar() {
  return (
    <header className={SHELL_CLASSES.mobileTopBar}>
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
