import { FeaturePage } from '../../../components/feature-page';

export function DistributionTrackPage() {
  return <FeaturePage title="Release Distribution" />;
}
