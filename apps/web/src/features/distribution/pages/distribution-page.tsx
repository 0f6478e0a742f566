import { FeaturePage } from '../../../components/feature-page';

export function DistributionPage() {
  return <FeaturePage title="Distribution" />;
}
