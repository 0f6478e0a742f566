import { FeaturePage } from '../../../components/feature-page';

export function CataloguePage() {
  return <FeaturePage title="Catalogue" />;
}
