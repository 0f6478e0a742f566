import { FeaturePage } from '../../../components/feature-page';

export function ReviewDashboardPage() {
  return (
    <FeaturePage title="Review Dashboard" subtitle={'Manage and track song reviews for your organization'} />
  );
}
