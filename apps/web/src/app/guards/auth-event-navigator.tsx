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

/**
 * An invitation mail's link (/organization-setup?invite_code=): signing in on it keeps the page, so
 * the invitee lands on the join form with the code filled in (someone who has a label already is
 * sent on to the hub by the page's own guard).
 */
function isInvitationLink(pathname: string, search: string): boolean {
  return (
    matchPath(paths.organizationSetup.pattern, pathname) !== null &&
    new URLSearchParams(search).has('invite_code')
  );
}

/**
 * Spec section 2: on a signed-in event the user is taken to / (public pages and invitation links
 * are left alone).
 */
export function AuthEventNavigator() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useAuthEvents((event) => {
    if (event !== 'SIGNED_IN' || isPublicPath(pathname) || isInvitationLink(pathname, search)) return;
    navigate(paths.labelHub.href());
  });
  return null;
}
