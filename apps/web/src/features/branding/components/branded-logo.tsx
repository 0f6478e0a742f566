import { Logo } from '../../../components/logo';
import { useActiveBranding } from '../use-active-branding';

/** The shell's logo and app name: the branding's when enabled, then the fallback chain (Logo). */
export function BrandedLogo({ showName = true }: { showName?: boolean }) {
  const { appName, logoUrl, organizationLogoUrl } = useActiveBranding();
  return <Logo imageUrls={[logoUrl, organizationLogoUrl]} appName={appName} showName={showName} />;
}
