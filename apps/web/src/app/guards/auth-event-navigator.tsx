import { matchPath, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthEvents } from '../../lib/auth/auth-context';

const PUBLIC_PATTERNS = [
  paths.metadataForm.pattern,
  paths.marketingForm.pattern,
  paths.labelCopyForm.pattern,
  paths.marketingGeneral.pattern,
  paths.labelCopyGenerator.pattern,
  paths.labelCopy.pattern,
  paths.resetPassword.pattern,
  paths.contract.pattern,
  paths.artistDenySigning.pattern,
  paths.artistUploadRevision.pattern,
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Spec section 2: on a signed-in event the user is taken to / (public pages are left alone). */
export function AuthEventNavigator() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useAuthEvents((event) => {
    if (event === 'SIGNED_IN' && !isPublicPath(pathname)) navigate(paths.labelHub.href());
  });
  return null;
}
