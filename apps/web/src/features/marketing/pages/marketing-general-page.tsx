import { PublicPage } from '../../../components/public-page';

export function MarketingGeneralPage() {
  return <PublicPage title="General Marketing Form" />;
}
