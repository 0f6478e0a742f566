import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Deferred } from '../../components/deferred';
import { SHELL_CLASSES } from '../../components/shell-classes';
import { Skeleton } from '../../components/ui/skeleton';
import { OrganizationBranding } from '../../features/branding/shell';
import { BottomPlayer } from '../../features/player/shell';
import { PlayerProvider } from '../../lib/audio/player-context';
import { RealtimeProvider } from '../../lib/realtime-context';
import { useIsDesktop } from '../../lib/use-media-query';
import { LiveAccountUpdates } from './live-account-updates';
import { MobileBottomBar } from './mobile-bottom-bar';
import { MobileTopBar } from './mobile-top-bar';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading page" className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

/** Back to the top on a new page, unless the link points at an anchor. */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, by design
  useEffect(() => {
    if (!hash) document.documentElement.scrollTop = 0;
  }, [pathname, hash]);
}

function PageOutlet() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Outlet />
    </Suspense>
  );
}

const skipLinkClasses =
  'sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-sm focus:text-primary-foreground';

/** The signed-in frame: sidebar and top bar on desktop, top and bottom bars below 768 px. */
export function AppShell() {
  return (
    <RealtimeProvider>
      <LiveAccountUpdates />
      <OrganizationBranding />
      {/* Above the outlet: playback carries on from page to page. */}
      <PlayerProvider>
        <ShellFrame />
      </PlayerProvider>
    </RealtimeProvider>
  );
}

/**
 * One tree for both layouts: only the bars swap when the window crosses 768 px, while the page keeps
 * its place in the tree, so what it holds (typed text, a running call) survives the resize.
 */
function ShellFrame() {
  const isDesktop = useIsDesktop();
  useScrollToTopOnNavigate();

  return (
    <div className={isDesktop ? SHELL_CLASSES.frameDesktop : SHELL_CLASSES.frameMobile}>
      <a href="#main" className={skipLinkClasses}>
        Skip to content
      </a>
      {isDesktop ? <Sidebar /> : null}
      <div className={SHELL_CLASSES.column}>
        {isDesktop ? <TopBar /> : <MobileTopBar />}
        {/* On phones the page scrolls clear of the fixed bottom bar and now-playing strip, whatever their
            height: the bar sets this padding to its height (pb-28 until it has measured). */}
        <main id="main" className={isDesktop ? SHELL_CLASSES.mainDesktop : SHELL_CLASSES.mainMobile}>
          <div className={isDesktop ? SHELL_CLASSES.pageWidthDesktop : undefined}>
            <PageOutlet />
          </div>
        </main>
        {/* After the page's first paint; the bars are fixed, so nothing moves when they arrive. */}
        <Deferred>{isDesktop ? <BottomPlayer /> : <MobileBottomBar />}</Deferred>
      </div>
    </div>
  );
}
