import { FeaturePage } from '../../../components/feature-page';

export function OverviewPage() {
  return <FeaturePage title="Overview" />;
}
