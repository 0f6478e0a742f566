import { FeaturePage } from '../../../components/feature-page';

export function SignedSongsPage() {
  return <FeaturePage title="Signed Songs" />;
}
