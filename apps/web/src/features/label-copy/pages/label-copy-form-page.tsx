import { PublicPage } from '../../../components/public-page';

export function LabelCopyFormPage() {
  return <PublicPage title="Label Copy Form" />;
}
