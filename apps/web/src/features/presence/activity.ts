import { isViewingPage, type ViewingPage } from '@music-review/core/presence';
import { matchPath } from 'react-router';
import { paths } from '../../config/paths';

export interface PresenceContext {
  /** What the member is doing, as the team sees it in the user menu. */
  activity: string | null;
  /** The signed song page they are on (track_viewers). */
  viewing: { song_id: string; page: ViewingPage } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ACTIVITIES: [pattern: string, activity: string][] = [
  [paths.review.pattern, 'Reviewing a song'],
  [paths.reviewDashboard.pattern, 'On the Review Dashboard'],
  [paths.addTracks.pattern, 'Adding tracks'],
  [paths.overview.pattern, 'On the Overview'],
  [paths.signedSongsMetadata.pattern, 'On Signed Songs'],
  [paths.signedSong.pattern, 'Viewing a signed song'],
  [paths.signedSongs.pattern, 'On Signed Songs'],
  [paths.catalogue.pattern, 'On the Catalogue'],
  [paths.artistsWriters.pattern, 'On Artists & Writers'],
  [paths.analytics.pattern, 'On Analytics'],
  [paths.finance.pattern, 'On Finance'],
  [paths.distribution.pattern, 'On Distribution'],
  [paths.distributionTrack.pattern, 'On Distribution'],
  [paths.home.pattern, 'On Home'],
  [paths.profile.pattern, 'On their profile'],
  [paths.feedback.pattern, 'Sending feedback'],
  [paths.videoCall.pattern, 'In a video call'],
  [paths.labelHub.pattern, 'On the Label Hub'],
  [paths.labelHubAlias.pattern, 'On the Label Hub'],
];

/** What the heartbeat reports for a page: an activity, and the signed song page being viewed. */
export function presenceContextFor(pathname: string): PresenceContext {
  const activity = ACTIVITIES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? null;
  if (matchPath(paths.signedSongsMetadata.pattern, pathname)) return { activity, viewing: null };
  const song = matchPath(paths.signedSong.pattern, pathname);
  const songId = song?.params.songId;
  const page = song?.params.tab ?? 'overview';
  if (songId && UUID.test(songId) && isViewingPage(page)) {
    return { activity, viewing: { song_id: songId, page } };
  }
  return { activity, viewing: null };
}
