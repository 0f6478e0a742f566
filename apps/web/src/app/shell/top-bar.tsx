import { Deferred } from '../../components/deferred';
import { SHELL_CLASSES } from '../../components/shell-classes';
import { ThemeToggle } from '../../components/theme-toggle';
import { NotificationsButton } from '../../features/notifications/shell';
import { GlobalSearch } from '../../features/search';
import { MessagesButton } from './header-panels';
import { UserMenu } from './user-menu';

/** Desktop top bar: search with the dark-mode toggle beside it, then messages, bell and user menu. */
export function TopBar() {
  return (
    <header className={SHELL_CLASSES.topBar}>
      <GlobalSearch />
      <ThemeToggle />
      {/* After the page's first paint: nothing else in the bar moves when they arrive. */}
      <Deferred>
        <div className="ml-auto flex items-center gap-1">
          <MessagesButton />
          <NotificationsButton />
          <div className="ml-2">
            <UserMenu />
          </div>
        </div>
      </Deferred>
    </header>
  );
}
