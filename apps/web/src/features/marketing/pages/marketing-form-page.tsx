import { PublicPage } from '../../../components/public-page';

export function MarketingFormPage() {
  return <PublicPage title="Marketing Form" />;
}
