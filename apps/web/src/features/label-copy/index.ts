/** The label-copy feature's public surface: what other features and the app use. */
export { LabelCopyTab } from './components/label-copy-tab';
