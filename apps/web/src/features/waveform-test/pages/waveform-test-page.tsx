import { FeaturePage } from '../../../components/feature-page';

export function WaveformTestPage() {
  return <FeaturePage title="Waveform Test" />;
}
