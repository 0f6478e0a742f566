import { FeaturePage } from '../../../components/feature-page';

export function ArtistsWritersPage() {
  return <FeaturePage title="Artists & Writers" />;
}
