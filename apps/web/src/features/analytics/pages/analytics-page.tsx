import { FeaturePage } from '../../../components/feature-page';

export function AnalyticsPage() {
  return <FeaturePage title="Analytics" />;
}
