import { type BrandingDto, DEFAULT_APP_NAME } from '@music-review/core/branding';
import { useAuth } from '../../lib/auth/auth-context';
import { useMe } from '../../lib/me';
import { useBrandingQuery } from './api/get-branding';

export interface ActiveBranding {
  /** The organization's branding when it is enabled; null means the defaults. */
  branding: BrandingDto | null;
  appName: string;
  logoUrl: string | null;
  /** The organization's own logo (organizations.logo_url), the next step of the logo fallback. */
  organizationLogoUrl: string | null;
  query: ReturnType<typeof useBrandingQuery>;
}

/**
 * The signed-in member's organization and its branding. Keyed by the organization, so one label's
 * branding never shows for another, and the cache empties on sign-out and sign-in (providers.tsx).
 */
export function useActiveBranding(): ActiveBranding {
  const { status } = useAuth();
  const me = useMe();
  const organization = status === 'signed_in' ? (me.data?.organization ?? null) : null;
  const query = useBrandingQuery(organization?.id);
  const branding = organization && query.data?.is_enabled ? query.data : null;
  return {
    branding,
    appName: branding?.app_name || DEFAULT_APP_NAME,
    logoUrl: branding?.logo_url ?? null,
    organizationLogoUrl: organization?.logo_url ?? null,
    query,
  };
}
