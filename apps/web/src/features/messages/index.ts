/** The messages feature's public surface: what other features and the app's pages use. */
export { ConversationThread } from './components/conversation-thread';
