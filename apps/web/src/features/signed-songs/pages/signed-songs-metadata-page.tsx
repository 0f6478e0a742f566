import { FeaturePage } from '../../../components/feature-page';

export function SignedSongsMetadataPage() {
  return <FeaturePage title="Metadata" />;
}
