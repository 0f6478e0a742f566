import { Search } from 'lucide-react';
import { ThemeToggle } from '../../components/theme-toggle';
import { inputClasses } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { MessagesButton, NotificationsButton } from './header-panels';
import { UserMenu } from './user-menu';

/** The global search box; results arrive with search (spec section 2). */
function GlobalSearch() {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers and jsdom
    <div role="search" className="relative w-full max-w-xl">
      <label htmlFor="global-search" className="sr-only">
        Search
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id="global-search"
        type="search"
        autoComplete="off"
        placeholder="Search songs, artists, contracts, or metadata..."
        className={cn(inputClasses, 'h-9 bg-muted/60 pl-9 dark:bg-white/[0.04]')}
      />
    </div>
  );
}

/** Desktop top bar: search with the dark-mode toggle beside it, then messages, bell and user menu. */
export function TopBar() {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-border bg-background/80 px-6 backdrop-blur-md">
      <GlobalSearch />
      <ThemeToggle />
      <div className="ml-auto flex items-center gap-1">
        <MessagesButton />
        <NotificationsButton />
        <div className="ml-2">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
