import { PublicPage } from '../../../components/public-page';

export function LabelCopyPage() {
  return <PublicPage title="Label Copy" />;
}
