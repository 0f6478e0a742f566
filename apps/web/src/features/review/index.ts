/** The review feature's public surface: what other features and the app use. */
export { reviewDashboardQueryKey } from './api/get-review-dashboard';
export { useSong } from './api/get-song';
export { useSongReviews } from './api/get-song-reviews';
export { RequestRevisionDialog } from './components/request-revision-dialog';
export { ReviewForm } from './components/review-form';
export { ReviewList, UselessMark } from './components/review-list';
export { formatAverages } from './components/song-card';
export { SongDecisionButtons } from './components/song-decision';
export { useMarkUselessAction } from './components/use-mark-useless-action';
