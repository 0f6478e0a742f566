import { FeaturePage } from '../../../components/feature-page';

export function VideoCallPage() {
  return <FeaturePage title="Video Call" />;
}
