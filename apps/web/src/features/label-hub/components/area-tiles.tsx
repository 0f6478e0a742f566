import type { HubCountsDto } from '@music-review/core/hub';
import {
  ChartColumn,
  ClipboardCheck,
  FileSignature,
  FileText,
  Gavel,
  House,
  Library,
  type LucideIcon,
  ScrollText,
  Send,
  Upload,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

interface Tile {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The live count shown on the tile, and what it counts. */
  count?: { of: keyof HubCountsDto; caption: (n: number) => string };
  description?: string;
}

/** Every area of the app, the ones with live numbers first. */
const TILES: Tile[] = [
  {
    to: paths.reviewDashboard.href(),
    label: 'Review Dashboard',
    icon: ClipboardCheck,
    count: { of: 'pending_reviews', caption: (n) => (n === 0 ? 'All caught up' : 'waiting for your review') },
  },
  {
    to: `${paths.overview.href()}?status=pending`,
    label: 'Overview',
    icon: Gavel,
    count: { of: 'awaiting_decision', caption: () => 'awaiting a decision' },
  },
  {
    to: paths.signedSongs.href(),
    label: 'Signed Songs',
    icon: FileSignature,
    count: { of: 'signed_songs', caption: (n) => (n === 1 ? 'song signed' : 'songs signed') },
  },
  {
    to: paths.signedSongs.href(),
    label: 'Contracts',
    icon: ScrollText,
    count: { of: 'open_contracts', caption: (n) => (n === 1 ? 'open contract' : 'open contracts') },
  },
  {
    to: paths.signedSongsMetadata.href(),
    label: 'Metadata Forms',
    icon: FileText,
    count: { of: 'open_forms', caption: (n) => (n === 1 ? 'open form' : 'open forms') },
  },
  {
    to: paths.home.href(),
    label: 'Home',
    icon: House,
    description: 'Your reviews, notifications and mentions',
  },
  {
    to: paths.addTracks.href(),
    label: 'Add Tracks',
    icon: Upload,
    description: 'Submit new songs for review',
  },
  { to: paths.catalogue.href(), label: 'Catalogue', icon: Library, description: 'Your released catalogue' },
  {
    to: paths.artistsWriters.href(),
    label: 'Artists & Writers',
    icon: Users,
    description: 'The people behind the songs',
  },
  { to: paths.analytics.href(), label: 'Analytics', icon: ChartColumn, description: 'Streams and trends' },
  { to: paths.finance.href(), label: 'Finance', icon: Wallet, description: 'Royalties and payments' },
  { to: paths.distribution.href(), label: 'Distribution', icon: Send, description: 'Releases to the stores' },
];

const tileClasses =
  'group flex h-full min-h-[6.5rem] flex-col justify-between gap-3 rounded-xl border border-border bg-card p-3.5 sm:p-4 shadow-card outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring';

/** The hub's tiles: a link into every area, with the label's live counts where there is one. */
export function AreaTiles({ counts, isLoading }: { counts: HubCountsDto | undefined; isLoading: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-4">
      {TILES.map(({ to, label, icon: Icon, count, description }) => {
        const value = count && counts ? counts[count.of] : undefined;
        return (
          <li key={label}>
            <Link to={to} className={tileClasses}>
              <span className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-2.5">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0 text-sm leading-tight font-medium text-foreground">{label}</span>
              </span>
              {count ? (
                value !== undefined ? (
                  <span className="flex flex-wrap items-baseline gap-x-2">
                    <span
                      className={cn(
                        'text-2xl font-semibold tracking-tight tabular-nums',
                        value > 0 ? 'text-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {value}
                    </span>
                    <span className="text-xs text-muted-foreground">{count.caption(value)}</span>
                  </span>
                ) : isLoading ? (
                  <Skeleton className="h-8 w-24" />
                ) : (
                  <span className="text-xs text-muted-foreground">Count unavailable</span>
                )
              ) : (
                <span className="text-xs text-muted-foreground">{description}</span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
