import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { SHELL_CLASSES } from '../../components/shell-classes';
import { paths } from '../../config/paths';
import { BrandedLogo } from '../../features/branding/shell';
import { cn } from '../../lib/cn';
import { ContactSupportButton } from './contact-support-button';
import { FEEDBACK_NAV, isNavItemActive, LABEL_HUB_NAV, type NavItem, SIDEBAR_NAV } from './nav-items';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

function SidebarLink({ item, isCollapsed }: { item: NavItem; isCollapsed: boolean }) {
  const Icon = item.icon;
  const location = useLocation();
  const isActive = isNavItemActive(item, location.pathname);
  return (
    <Link
      to={item.to}
      aria-current={isActive ? 'page' : undefined}
      state={item.rememberFrom ? { from: `${location.pathname}${location.search}` } : undefined}
      title={isCollapsed ? item.label : undefined}
      className={cn(
        'flex h-10 items-center gap-3 rounded-lg text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
        isCollapsed ? 'justify-center px-0' : 'px-3',
        isActive
          ? 'bg-accent text-accent-foreground'
          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" />
      <span className={isCollapsed ? 'sr-only' : 'truncate'}>{item.label}</span>
    </Link>
  );
}

/** Desktop sidebar: w-72 expanded, w-20 collapsed (spec: 72 and 20 units), remembered per device. */
export function Sidebar() {
  const [isCollapsed, toggle] = useSidebarCollapsed();

  return (
    <aside
      aria-label="Sidebar"
      data-collapsed={isCollapsed}
      className={cn(
        SHELL_CLASSES.sidebar,
        isCollapsed ? SHELL_CLASSES.sidebarCollapsed : SHELL_CLASSES.sidebarExpanded,
      )}
    >
      <div className={cn('flex h-16 shrink-0 items-center', isCollapsed ? 'justify-center px-2' : 'px-5')}>
        <Link
          to={paths.labelHub.href()}
          className="min-w-0 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandedLogo showName={!isCollapsed} />
        </Link>
      </div>

      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-3 py-3">
        {SIDEBAR_NAV.map((item) => (
          <SidebarLink key={item.to} item={item} isCollapsed={isCollapsed} />
        ))}
        <div className="my-2 border-t border-border" />
        <SidebarLink item={FEEDBACK_NAV} isCollapsed={isCollapsed} />
      </nav>

      <div className="flex shrink-0 flex-col gap-1 border-t border-border px-3 py-3">
        <ContactSupportButton isCollapsed={isCollapsed} />
        <SidebarLink item={LABEL_HUB_NAV} isCollapsed={isCollapsed} />
        <button
          type="button"
          onClick={toggle}
          aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!isCollapsed}
          title={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className={cn(
            'mt-1 flex h-9 items-center gap-3 rounded-lg text-sm text-muted-foreground outline-none transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            isCollapsed ? 'justify-center' : 'px-3',
          )}
        >
          {isCollapsed ? (
            <PanelLeftOpen aria-hidden="true" className="size-[1.125rem]" />
          ) : (
            <>
              <PanelLeftClose aria-hidden="true" className="size-[1.125rem]" />
              <span aria-hidden="true">Collapse</span>
            </>
          )}
        </button>
      </div>
    </aside>
  );
}
