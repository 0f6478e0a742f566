/**
 * Every route of the app (spec section 2) in one place: `pattern` for the router, `href()` for
 * links. Components never spell a path by hand.
 */

import type { CatalogueTab, PeopleTab } from '@music-review/core/catalogue';

const enc = encodeURIComponent;
const fixed = <P extends string>(pattern: P) => ({ pattern, href: () => pattern });

export const SIGNED_SONG_TABS = [
  'overview',
  'contracts',
  'release-assets',
  'artist-assets',
  'marketing',
  'label-copy',
  'project-folder',
  'chat',
] as const;
export type SignedSongTab = (typeof SIGNED_SONG_TABS)[number];
/** Deep link used by search and notifications; not one of the tabs (spec section 2). */
export type SignedSongSection = SignedSongTab | 'metadata';

export function isSignedSongSection(value: string | undefined): value is SignedSongSection {
  return value === 'metadata' || (SIGNED_SONG_TABS as readonly string[]).includes(value ?? '');
}

export const paths = {
  // Signed out / onboarding
  auth: fixed('/auth'),
  organizationSetup: fixed('/organization-setup'),
  /** Where onboarding sends the user; it redirects to the label hub. */
  dashboard: fixed('/dashboard'),

  // Signed in
  labelHub: fixed('/'),
  labelHubAlias: fixed('/label-hub'),
  home: fixed('/home'),
  reviewDashboard: fixed('/review-dashboard'),
  review: { pattern: '/review/:songId', href: (songId: string) => `/review/${enc(songId)}` },
  overview: fixed('/overview'),
  analytics: fixed('/analytics'),
  finance: fixed('/finance'),
  distribution: fixed('/distribution'),
  distributionTrack: {
    pattern: '/distribution/track/:releaseId',
    href: (releaseId: string) => `/distribution/track/${enc(releaseId)}`,
  },
  addTracks: fixed('/add-tracks'),
  profile: {
    pattern: '/profile',
    href: () => '/profile',
    settingsHref: () => '/profile#settings',
    /** The team settings, where admins see the label's plan and its usage. */
    planHref: () => '/profile#team',
  },
  catalogue: {
    pattern: '/catalogue',
    /** A tab ('recordings' is the default), and the record whose drawer is open or a panel. */
    href: (
      query: {
        tab?: CatalogueTab;
        recording?: string;
        release?: string;
        work?: string;
        panel?: 'attention' | 'settings';
      } = {},
    ) => {
      const params = new URLSearchParams();
      if (query.tab && query.tab !== 'recordings') params.set('tab', query.tab);
      if (query.recording) params.set('recording', query.recording);
      if (query.release) params.set('release', query.release);
      if (query.work) params.set('work', query.work);
      if (query.panel) params.set('panel', query.panel);
      const search = params.toString();
      return search ? `/catalogue?${search}` : '/catalogue';
    },
  },
  artistsWriters: {
    pattern: '/artists-writers',
    /** A tab ('artists' is the default) and, on the Payees tab, the payee whose drawer is open. */
    href: (query: { tab?: PeopleTab; payee?: string } = {}) => {
      const params = new URLSearchParams();
      if (query.tab && query.tab !== 'artists') params.set('tab', query.tab);
      if (query.payee) params.set('payee', query.payee);
      const search = params.toString();
      return search ? `/artists-writers?${search}` : '/artists-writers';
    },
  },
  /** A person page (a party: artist, writer, producer or publisher). */
  person: {
    pattern: '/artists-writers/:partyId',
    href: (partyId: string) => `/artists-writers/${enc(partyId)}`,
  },
  manageArtists: fixed('/manage-artists'),
  manageWriters: fixed('/manage-writers'),
  waveformTest: fixed('/waveform-test'),
  feedback: fixed('/feedback'),
  /** The product's support staff answer every label's support chats here (SUPPORT_EMAILS). */
  supportInbox: fixed('/support-inbox'),
  videoCall: { pattern: '/video-call/:callId', href: (callId: string) => `/video-call/${enc(callId)}` },
  signedSongs: {
    pattern: '/signed-songs',
    href: (query: { songId?: string; artist?: string } = {}) => {
      const params = new URLSearchParams();
      if (query.songId) params.set('songId', query.songId);
      if (query.artist) params.set('artist', query.artist);
      const search = params.toString();
      return search ? `/signed-songs?${search}` : '/signed-songs';
    },
  },
  signedSongsMetadata: fixed('/signed-songs/metadata'),
  signedSong: {
    pattern: '/signed-songs/:songId/:tab?',
    href: (songId: string, section?: SignedSongSection) =>
      section ? `/signed-songs/${enc(songId)}/${section}` : `/signed-songs/${enc(songId)}`,
  },

  // Public (no login)
  metadataForm: { pattern: '/metadata/:token', href: (token: string) => `/metadata/${enc(token)}` },
  marketingForm: { pattern: '/marketing/:token', href: (token: string) => `/marketing/${enc(token)}` },
  labelCopyForm: {
    pattern: '/label-copy-form/:token',
    href: (token: string) => `/label-copy-form/${enc(token)}`,
  },
  marketingGeneral: {
    pattern: '/marketing-general/:token',
    href: (token: string) => `/marketing-general/${enc(token)}`,
  },
  labelCopyGenerator: {
    pattern: '/label-copy-generator/:token',
    href: (token: string) => `/label-copy-generator/${enc(token)}`,
  },
  labelCopy: { pattern: '/label-copy/:token', href: (token: string) => `/label-copy/${enc(token)}` },
  payeeStatement: { pattern: '/statements/:token', href: (token: string) => `/statements/${enc(token)}` },
  resetPassword: fixed('/reset-password'),
  contract: {
    pattern: '/contracts/:contractId',
    href: (contractId: string) => `/contracts/${enc(contractId)}`,
  },
  artistDenySigning: {
    pattern: '/artist/deny-signing/:token',
    href: (token: string) => `/artist/deny-signing/${enc(token)}`,
  },
  artistUploadRevision: {
    pattern: '/artist/upload-revision/:token',
    href: (token: string) => `/artist/upload-revision/${enc(token)}`,
  },
} as const;
