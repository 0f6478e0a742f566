import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { NavLink } from 'react-router';
import { SKIP_SECONDS, usePlayer } from '../../lib/audio/player-context';
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
    <li className="flex flex-1">
      <button
        type="button"
        disabled={disabled}
        aria-label={label}
        onClick={onClick}
        className={cn(cellClasses, 'text-muted-foreground hover:text-foreground disabled:opacity-50')}
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
  const { state, toggle, skip } = usePlayer();
  const hasTrack = state.currentTrack !== null;
  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="flex overflow-x-auto overscroll-x-contain scrollbar-none">
        {MOBILE_NAV_BEFORE_PLAYER.map((item) => (
          <BarLink key={item.to} item={item} />
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
          <BarLink key={item.to} item={item} />
        ))}
      </ul>
    </nav>
  );
}
