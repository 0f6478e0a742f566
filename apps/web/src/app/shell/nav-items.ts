import {
  Bug,
  Building2,
  ChartColumn,
  ClipboardCheck,
  FileSignature,
  House,
  LayoutGrid,
  Library,
  type LucideIcon,
  Plus,
  Send,
  Upload,
  Users,
  Wallet,
} from 'lucide-react';
import { paths } from '../../config/paths';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (not its children). */
  end?: boolean;
  /** Other paths that show the same page (the Label Hub is at / and /label-hub). */
  alsoActiveOn?: string[];
  /** Passes the current page along (router state `from`): feedback records where the user was. */
  rememberFrom?: boolean;
}

/** The sidebar's main navigation: every signed-in section of spec section 2. */
export const SIDEBAR_NAV: NavItem[] = [
  { to: paths.home.href(), label: 'Home', icon: House },
  { to: paths.reviewDashboard.href(), label: 'Review Dashboard', icon: ClipboardCheck },
  { to: paths.addTracks.href(), label: 'Add Tracks', icon: Upload },
  { to: paths.overview.href(), label: 'Overview', icon: LayoutGrid },
  { to: paths.signedSongs.href(), label: 'Signed Songs', icon: FileSignature },
  { to: paths.catalogue.href(), label: 'Catalogue', icon: Library },
  { to: paths.artistsWriters.href(), label: 'Artists & Writers', icon: Users },
  { to: paths.analytics.href(), label: 'Analytics', icon: ChartColumn },
  { to: paths.finance.href(), label: 'Finance', icon: Wallet },
  { to: paths.distribution.href(), label: 'Distribution', icon: Send },
];

export const FEEDBACK_NAV: NavItem = {
  to: paths.feedback.href(),
  label: 'Report bugs / Send feedback',
  icon: Bug,
  rememberFrom: true,
};
export const LABEL_HUB_NAV: NavItem = {
  to: paths.labelHub.href(),
  label: 'Label Hub',
  icon: Building2,
  end: true,
  alsoActiveOn: [paths.labelHubAlias.href()],
};

/** Whether the item is the current page: its path (or, unless `end`, a page below it), or an alias. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === item.to || item.alsoActiveOn?.includes(path)) return true;
  return !item.end && path.startsWith(`${item.to}/`);
}

/** The mobile bottom bar, left and right of the player controls (spec section 2). */
export const MOBILE_NAV_BEFORE_PLAYER: NavItem[] = [
  { to: paths.addTracks.href(), label: 'Add', icon: Plus },
  { to: paths.reviewDashboard.href(), label: 'Review', icon: ClipboardCheck },
  { to: paths.overview.href(), label: 'Overview', icon: LayoutGrid },
];
export const MOBILE_NAV_AFTER_PLAYER: NavItem[] = [
  { to: paths.signedSongs.href(), label: 'Signed', icon: FileSignature },
  { to: paths.analytics.href(), label: 'Analytics', icon: ChartColumn },
  { to: paths.finance.href(), label: 'Finance', icon: Wallet },
  { to: paths.distribution.href(), label: 'Distribution', icon: Send },
  LABEL_HUB_NAV,
];
