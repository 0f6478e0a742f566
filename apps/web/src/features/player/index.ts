/** The player feature's public surface: what other features and the app's pages use. */
export {
  WAVEFORM_HEIGHT_DESKTOP,
  WAVEFORM_HEIGHT_MOBILE,
  WaveformCanvas,
  WaveformControls,
  WaveformPlayer,
} from './components/waveform-player';
export {
  audioContextClass,
  channelsOf,
  type GeneratedWaveform,
  generateInWorker,
  generateWaveformFromFile,
} from './generate-waveform';
