/** The song-chat feature's public surface: what other features and the app use. */
export { SongChatPanel, SongChatThread } from './components/song-chat-panel';
