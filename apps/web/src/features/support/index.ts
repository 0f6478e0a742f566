/** The support feature's public surface: what other features and the app use. */
export { useLiveSupportInbox, useSupportInbox } from './api/get-support-inbox';
export { useOpenSupportChat } from './api/open-support-chat';
export { SupportInboxMenuItem } from './components/support-inbox-menu-item';
