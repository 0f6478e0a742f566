import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { useAuth } from '../../lib/auth/auth-context';
import { needsMfaStep } from '../../lib/auth/session';

const LoginPage = lazy(() =>
  import('../../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })),
);

/**
 * Every non-public route. Without a session the login screen renders in place (the URL stays, so
 * the user lands where they meant to once signed in). A password-reset session does not count: it
 * may only change the password. Nor does an aal1 session of an account with a verified factor: the
 * login screen then asks for the code.
 */
export function RequireSession() {
  const { status, session } = useAuth();
  if (status === 'loading') return <FullPageLoader />;
  if (!session || session.isRecovery || needsMfaStep(session)) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <LoginPage />
      </Suspense>
    );
  }
  return <Outlet />;
}
