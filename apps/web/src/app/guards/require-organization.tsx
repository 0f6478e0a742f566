import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/me';
import { AccountLoadError } from './account-load-error';

/** Signed-in routes that need a label: without one the user goes to onboarding. */
export function RequireOrganization() {
  const me = useMe();
  if (me.isPending) return <FullPageLoader label="Loading your workspace…" />;
  if (me.isError) return <AccountLoadError error={me.error} onRetry={() => me.refetch()} />;
  if (!me.data.reviewer?.organization_id) return <Navigate to={paths.organizationSetup.href()} replace />;
  return <Outlet />;
}

/** Onboarding, only for users without a label: the others go to the label hub. */
export function RequireNoOrganization({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <FullPageLoader label="Loading your workspace…" />;
  if (me.isError) return <AccountLoadError error={me.error} onRetry={() => me.refetch()} />;
  if (me.data.reviewer?.organization_id) return <Navigate to={paths.labelHub.href()} replace />;
  return children;
}
