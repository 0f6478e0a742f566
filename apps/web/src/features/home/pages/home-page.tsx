import { FeaturePage } from '../../../components/feature-page';

export function HomePage() {
  return <FeaturePage title="Home" />;
}
