import { FeaturePage } from '../../../components/feature-page';

export function AddTracksPage() {
  return <FeaturePage title="Add Tracks" />;
}
