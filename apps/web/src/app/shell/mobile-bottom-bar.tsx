import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { NowPlayingStrip } from '../../features/player/shell';
import { SKIP_SECONDS, usePlayer } from '../../lib/audio/player-context';
import { cn } from '../../lib/cn';
import {
  isNavItemActive,
  MOBILE_NAV_AFTER_PLAYER,
  MOBILE_NAV_BEFORE_PLAYER,
  type NavItem,
} from './nav-items';

/**
 * The bar is a 30-column grid in two rows, in the spec's order: the first row's six cells (three
 * links and the player) take 5 columns each, the second row's five links 6 each. At 375 px that
 * is 62 px and 75 px a cell: every label fits at 10 px, nothing scrolls sideways, and every cell
 * is a touch target of at least 62 x 48 px.
 */
const FIRST_ROW_CELL = 'col-span-5';
const SECOND_ROW_CELL = 'col-span-6';

const cellClasses =
  'flex h-12 w-full min-w-0 flex-col items-center justify-center gap-0.5 px-0.5 text-[0.625rem] leading-none font-medium outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring';

function BarLink({ item, span }: { item: NavItem; span: string }) {
  const Icon = item.icon;
  const isActive = isNavItemActive(item, useLocation().pathname);
  return (
    <li className={cn('flex min-w-0', span)}>
      <Link
        to={item.to}
        aria-current={isActive ? 'page' : undefined}
        className={cn(
          cellClasses,
          isActive ? 'text-primary dark:text-link' : 'text-muted-foreground hover:text-foreground',
        )}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span className="max-w-full truncate">{item.label}</span>
      </Link>
    </li>
  );
}

/** A player control: an icon only (the name is its aria-label), like the transport on any player. */
function PlayerButton({
  label,
  icon: Icon,
  isMain,
  disabled,
  onClick,
}: {
  label: string;
  icon: typeof Play;
  isMain?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  // Present but disabled until a track is loaded in the global player.
  return (
    <li className={cn('flex min-w-0', FIRST_ROW_CELL)}>
      <button
        type="button"
        disabled={disabled}
        aria-label={label}
        title={label}
        onClick={onClick}
        className={cn(cellClasses, 'text-foreground hover:text-primary disabled:opacity-40')}
      >
        <span
          className={cn(
            'flex items-center justify-center rounded-full',
            isMain ? 'size-9 bg-primary text-primary-foreground shadow-sm' : 'size-8',
          )}
        >
          <Icon aria-hidden="true" className={isMain ? 'size-4' : 'size-5'} />
        </span>
      </button>
    </li>
  );
}

/**
 * Keeps the page's bottom padding (`<main id="main">`) at the height of what is fixed at the bottom
 * (the now-playing strip and the bar) plus 1rem, so the page scrolls clear of it. Set on that one
 * element: a CSS variable on the root, as before, made the browser restyle the whole page.
 */
function usePublishedHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    const main = document.getElementById('main');
    if (!element || !main) return;
    let published = '';
    const publish = () => {
      const padding = `calc(${element.offsetHeight}px + 1rem)`;
      if (padding === published) return;
      published = padding;
      main.style.paddingBottom = padding;
    };
    if (typeof ResizeObserver === 'undefined') {
      publish();
      return;
    }
    // The observer reports once laid out (and on every change), so reading the height there does
    // not force a layout of its own; the page's padding has a default until then.
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      main.style.removeProperty('padding-bottom');
    };
  }, []);
  return ref;
}

/**
 * Mobile bottom bar (spec section 2): Add, Review, Overview, skip back 10 s, play/pause, skip
 * forward 10 s, Signed, Analytics, Finance, Distribution and Label Hub, all in view at 375 px.
 * Once a track is chosen the now-playing strip sits on top of it (title, artist, seek bar, clock).
 */
export function MobileBottomBar() {
  const { state, toggle, skip } = usePlayer();
  const hasTrack = state.currentTrack !== null;
  const ref = usePublishedHeight();
  return (
    <div
      ref={ref}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <NowPlayingStrip />
      <nav aria-label="Mobile navigation">
        <ul className="grid grid-cols-30">
          {MOBILE_NAV_BEFORE_PLAYER.map((item) => (
            <BarLink key={item.to} item={item} span={FIRST_ROW_CELL} />
          ))}
          <PlayerButton
            label="Skip back 10 seconds"
            icon={SkipBack}
            disabled={!hasTrack}
            onClick={() => skip(-SKIP_SECONDS)}
          />
          <PlayerButton
            label={state.isPlaying ? 'Pause' : 'Play'}
            icon={state.isPlaying ? Pause : Play}
            isMain
            disabled={!hasTrack}
            onClick={toggle}
          />
          <PlayerButton
            label="Skip forward 10 seconds"
            icon={SkipForward}
            disabled={!hasTrack}
            onClick={() => skip(SKIP_SECONDS)}
          />
          {MOBILE_NAV_AFTER_PLAYER.map((item) => (
            <BarLink key={item.to} item={item} span={SECOND_ROW_CELL} />
          ))}
        </ul>
      </nav>
    </div>
  );
}
