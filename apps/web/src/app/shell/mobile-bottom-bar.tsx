import { Play, SkipBack, SkipForward } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { MOBILE_NAV_AFTER_PLAYER, MOBILE_NAV_BEFORE_PLAYER, type NavItem } from './nav-items';

const cellClasses =
  'flex h-14 min-w-[3.5rem] flex-1 flex-col items-center justify-center gap-1 px-1 text-[0.625rem] font-medium outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring';

function BarLink({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <li className="flex flex-1">
      <NavLink
        to={item.to}
        end={item.end}
        className={({ isActive }) =>
          cn(
            cellClasses,
            isActive ? 'text-primary dark:text-link' : 'text-muted-foreground hover:text-foreground',
          )
        }
      >
        <Icon aria-hidden="true" className="size-5" />
        <span className="whitespace-nowrap">{item.label}</span>
      </NavLink>
    </li>
  );
}

function PlayerButton({ label, icon: Icon, isMain }: { label: string; icon: typeof Play; isMain?: boolean }) {
  // The player arrives with audio playback; until then the controls are present but disabled.
  return (
    <li className="flex flex-1">
      <button
        type="button"
        disabled
        aria-label={label}
        className={cn(cellClasses, 'text-muted-foreground disabled:opacity-50')}
      >
        <span
          className={cn(
            'flex items-center justify-center rounded-full',
            isMain ? 'size-9 bg-primary text-primary-foreground' : 'size-6',
          )}
        >
          <Icon aria-hidden="true" className={isMain ? 'size-4' : 'size-5'} />
        </span>
      </button>
    </li>
  );
}

/**
 * Mobile bottom bar (spec section 2). Eleven controls do not fit 375 px with readable labels, so
 * the bar scrolls sideways; the first six (three links and the player) are visible at 375 px.
 */
export function MobileBottomBar() {
  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="flex overflow-x-auto overscroll-x-contain scrollbar-none">
        {MOBILE_NAV_BEFORE_PLAYER.map((item) => (
          <BarLink key={item.to} item={item} />
        ))}
        <PlayerButton label="Skip back 10 seconds" icon={SkipBack} />
        <PlayerButton label="Play" icon={Play} isMain />
        <PlayerButton label="Skip forward 10 seconds" icon={SkipForward} />
        {MOBILE_NAV_AFTER_PLAYER.map((item) => (
          <BarLink key={item.to} item={item} />
        ))}
      </ul>
    </nav>
  );
}
