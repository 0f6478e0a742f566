import { PublicPage } from '../../../components/public-page';

export function LabelCopyGeneratorPage() {
  return <PublicPage title="Label Copy Generator" />;
}
