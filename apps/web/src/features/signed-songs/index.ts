/** The signed-songs feature's public surface: what other features and the app use. */
export { useSignedSongOverview } from './api/get-signed-song-overview';
export { SongOverviewTab } from './components/song-overview-tab';
