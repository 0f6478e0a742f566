/** The notifications feature's public surface: what other features and the app's pages use. */
export { NotificationPreferences } from './components/notification-preferences';
export { formatRelativeTime } from './format-relative-time';
