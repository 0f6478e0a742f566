import { FeaturePage } from '../../../components/feature-page';

export function ReviewSongPage() {
  return <FeaturePage title="Song Review" />;
}
