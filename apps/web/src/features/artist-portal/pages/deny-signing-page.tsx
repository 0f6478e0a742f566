import { PublicPage } from '../../../components/public-page';

export function DenySigningPage() {
  return <PublicPage title="Decline Signing" />;
}
