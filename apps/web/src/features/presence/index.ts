/** The presence feature's public surface: what other features and the app use. */
export { OnlineTeam } from './components/online-team';
export { StatusChoice } from './components/status-choice';
export { StatusDot } from './components/status-dot';
export { usePresenceReporter } from './use-presence-reporter';
