import { FeaturePage } from '../../../components/feature-page';

export function FinancePage() {
  return <FeaturePage title="Finance" />;
}
