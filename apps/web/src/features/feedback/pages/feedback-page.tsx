import { FeaturePage } from '../../../components/feature-page';

export function FeedbackPage() {
  return <FeaturePage title="Report bugs / Send feedback" />;
}
