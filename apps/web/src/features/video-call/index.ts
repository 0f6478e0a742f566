/** The video-call feature's public surface: what other features and the app use. */
export { StartCallButton } from './components/start-call-button';
