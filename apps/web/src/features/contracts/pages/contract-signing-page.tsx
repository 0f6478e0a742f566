import { PublicPage } from '../../../components/public-page';

export function ContractSigningPage() {
  return <PublicPage title="Contract" />;
}
