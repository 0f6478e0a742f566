import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import {
  createRoutesFromElements,
  matchRoutes,
  Navigate,
  Outlet,
  Route,
  useLocation,
  useRoutes,
} from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths } from '../config/paths';
import { useApiClient } from '../lib/api-context';
import { useAuth, useAuthStore } from '../lib/auth/auth-context';
import { meQuery } from '../lib/me-query';
import { AuthEventNavigator } from './guards/auth-event-navigator';
import { RequireSession } from './guards/require-session';

/** The chunk loader of each page component, to start its download before React renders it. */
const pageLoaders = new WeakMap<ComponentType, () => Promise<unknown>>();

/** Every page is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  pageLoaders.set(Page, load);
  return Page;
}

// The signed-in frame (shell with chat, search, player and realtime; the account check) is its own
// chunk too, so the login screen's first load carries none of it (docs/PERFORMANCE.md).
const AppShell = page(
  () => import('./shell/app-shell'),
  (m) => m.AppShell,
);
const RequireOrganization = page(
  () => {
    // The shell is needed as soon as the account check passes: fetch both at once, not one after the other.
    void import('./shell/app-shell');
    return import('./guards/require-organization');
  },
  (m) => m.RequireOrganization,
);
const RequireNoOrganization = lazy(() =>
  import('./guards/require-organization').then((m) => ({ default: m.RequireNoOrganization })),
);

// Public
const MetadataFormPage = page(
  () => import('../features/metadata/pages/metadata-form-page'),
  (m) => m.MetadataFormPage,
);
const MarketingFormPage = page(
  () => import('../features/marketing/pages/marketing-form-page'),
  (m) => m.MarketingFormPage,
);
const LabelCopyFormPage = page(
  () => import('../features/label-copy/pages/label-copy-form-page'),
  (m) => m.LabelCopyFormPage,
);
const MarketingGeneralPage = page(
  () => import('../features/marketing/pages/marketing-general-page'),
  (m) => m.MarketingGeneralPage,
);
const LabelCopyGeneratorPage = page(
  () => import('../features/label-copy/pages/label-copy-generator-page'),
  (m) => m.LabelCopyGeneratorPage,
);
const LabelCopyPage = page(
  () => import('../features/label-copy/pages/label-copy-page'),
  (m) => m.LabelCopyPage,
);
const PayeeStatementPage = page(
  () => import('../features/payee-portal/pages/payee-statement-page'),
  (m) => m.PayeeStatementPage,
);
const ResetPasswordPage = page(
  () => import('../features/auth/pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const ContractSigningPage = page(
  () => import('../features/contracts/pages/contract-signing-page'),
  (m) => m.ContractSigningPage,
);
const DenySigningPage = page(
  () => import('../features/artist-portal/pages/deny-signing-page'),
  (m) => m.DenySigningPage,
);
const UploadRevisionPage = page(
  () => import('../features/artist-portal/pages/upload-revision-page'),
  (m) => m.UploadRevisionPage,
);

// Onboarding
const OrganizationSetupPage = page(
  () => import('../features/onboarding/pages/organization-setup-page'),
  (m) => m.OrganizationSetupPage,
);

// Signed in
const LabelHubPage = page(
  () => import('../features/label-hub/pages/label-hub-page'),
  (m) => m.LabelHubPage,
);
const HomePage = page(
  () => import('../features/home/pages/home-page'),
  (m) => m.HomePage,
);
const ReviewDashboardPage = page(
  () => import('../features/review/pages/review-dashboard-page'),
  (m) => m.ReviewDashboardPage,
);
const ReviewSongPage = page(
  () => import('./routes/review-song-page'),
  (m) => m.ReviewSongPage,
);
const OverviewPage = page(
  () => import('../features/overview/pages/overview-page'),
  (m) => m.OverviewPage,
);
const AnalyticsPage = page(
  () => import('../features/analytics/pages/analytics-page'),
  (m) => m.AnalyticsPage,
);
const FinancePage = page(
  () => import('../features/finance/pages/finance-page'),
  (m) => m.FinancePage,
);
const DistributionPage = page(
  () => import('../features/distribution/pages/distribution-page'),
  (m) => m.DistributionPage,
);
const DistributionTrackPage = page(
  () => import('../features/distribution/pages/distribution-track-page'),
  (m) => m.DistributionTrackPage,
);
const AddTracksPage = page(
  () => import('../features/add-tracks/pages/add-tracks-page'),
  (m) => m.AddTracksPage,
);
const ProfilePage = page(
  () => import('./routes/profile-page'),
  (m) => m.ProfilePage,
);
const CataloguePage = page(
  () => import('../features/catalogue/pages/catalogue-page'),
  (m) => m.CataloguePage,
);
const ArtistsWritersPage = page(
  () => import('../features/artists-writers/pages/artists-writers-page'),
  (m) => m.ArtistsWritersPage,
);
const PersonPage = page(
  () => import('../features/artists-writers/pages/person-page'),
  (m) => m.PersonPage,
);
const WaveformTestPage = page(
  () => import('../features/waveform-test/pages/waveform-test-page'),
  (m) => m.WaveformTestPage,
);
const FeedbackPage = page(
  () => import('../features/feedback/pages/feedback-page'),
  (m) => m.FeedbackPage,
);
const VideoCallPage = page(
  () => import('../features/video-call/pages/video-call-page'),
  (m) => m.VideoCallPage,
);
const SupportInboxPage = page(
  () => import('./routes/support-inbox-page'),
  (m) => m.SupportInboxPage,
);
const SignedSongsPage = page(
  () => import('../features/signed-songs/pages/signed-songs-page'),
  (m) => m.SignedSongsPage,
);
const SignedSongsMetadataPage = page(
  () => import('../features/metadata/pages/signed-songs-metadata-page'),
  (m) => m.SignedSongsMetadataPage,
);
const SignedSongPage = page(
  () => import('./routes/signed-song-page'),
  (m) => m.SignedSongPage,
);

/** The signed-in pages inside the shell, by route. */
const SIGNED_IN_PAGES: [pattern: string, Page: ComponentType][] = [
  [paths.labelHub.pattern, LabelHubPage],
  [paths.labelHubAlias.pattern, LabelHubPage],
  [paths.home.pattern, HomePage],
  [paths.reviewDashboard.pattern, ReviewDashboardPage],
  [paths.review.pattern, ReviewSongPage],
  [paths.overview.pattern, OverviewPage],
  [paths.analytics.pattern, AnalyticsPage],
  [paths.finance.pattern, FinancePage],
  [paths.distribution.pattern, DistributionPage],
  [paths.distributionTrack.pattern, DistributionTrackPage],
  [paths.addTracks.pattern, AddTracksPage],
  [paths.profile.pattern, ProfilePage],
  [paths.catalogue.pattern, CataloguePage],
  [paths.artistsWriters.pattern, ArtistsWritersPage],
  [paths.person.pattern, PersonPage],
  [paths.waveformTest.pattern, WaveformTestPage],
  [paths.feedback.pattern, FeedbackPage],
  [paths.videoCall.pattern, VideoCallPage],
  [paths.supportInbox.pattern, SupportInboxPage],
  [paths.signedSongs.pattern, SignedSongsPage],
  [paths.signedSongsMetadata.pattern, SignedSongsMetadataPage],
  [paths.signedSong.pattern, SignedSongPage],
];

/** The signed-in page at `pathname`, if it is one. */
function signedInPageAt(pathname: string) {
  const match = matchRoutes(
    SIGNED_IN_PAGES.map(([path]) => ({ path })),
    pathname,
  )?.[0];
  return SIGNED_IN_PAGES.find(([pattern]) => pattern === match?.route.path)?.[1];
}

/**
 * Arriving at a signed-in page, its chunk, the account check's and the shell's are fetched at once,
 * while the session is being restored (the server's hint cookie says there is one to restore), not
 * each after the one before: the account check waited for the session, then /me, then the shell
 * rendered and asked for the page's chunk (docs/PERFORMANCE.md, issue 12 item 18). Later
 * navigations load their page as the router renders it.
 */
function StartSignedInChunks() {
  const store = useAuthStore();
  const { status } = useAuth();
  const { pathname } = useLocation();
  const [arrival] = useState(() => signedInPageAt(pathname));
  const mayBeSignedIn = status === 'signed_in' || (status === 'loading' && store.mayHaveStoredSession());
  useEffect(() => {
    if (!arrival || !mayBeSignedIn) return;
    void import('./guards/require-organization');
    void import('./shell/app-shell');
    void pageLoaders.get(arrival)?.();
  }, [arrival, mayBeSignedIn]);
  return null;
}

/** Once the session is known, the account (/me) is fetched at once, beside the chunks still coming. */
function StartAccountLoad() {
  const queryClient = useQueryClient();
  const api = useApiClient();
  const { session } = useAuth();
  const userId = session?.user.id ?? null;
  useEffect(() => {
    void queryClient.prefetchQuery(meQuery(api, userId));
  }, [queryClient, api, userId]);
  return null;
}

function RootLayout() {
  return (
    <>
      <AuthEventNavigator />
      <StartSignedInChunks />
      <Outlet />
    </>
  );
}

function StandaloneOutlet() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}

const to = (path: string) => <Navigate to={path} replace />;

/**
 * The route table of spec section 2, built once: `<Routes>` with JSX children rebuilt the table on
 * every render, a cost the first screen paid several times (docs/PERFORMANCE.md).
 */
const ROUTES = createRoutesFromElements(
  <Route element={<RootLayout />}>
    {/* Public: no session needed. */}
    <Route element={<StandaloneOutlet />}>
      <Route path={paths.metadataForm.pattern} element={<MetadataFormPage />} />
      <Route path={paths.marketingForm.pattern} element={<MarketingFormPage />} />
      <Route path={paths.labelCopyForm.pattern} element={<LabelCopyFormPage />} />
      <Route path={paths.marketingGeneral.pattern} element={<MarketingGeneralPage />} />
      <Route path={paths.labelCopyGenerator.pattern} element={<LabelCopyGeneratorPage />} />
      <Route path={paths.labelCopy.pattern} element={<LabelCopyPage />} />
      <Route path={paths.payeeStatement.pattern} element={<PayeeStatementPage />} />
      <Route path={paths.resetPassword.pattern} element={<ResetPasswordPage />} />
      <Route path={paths.contract.pattern} element={<ContractSigningPage />} />
      <Route path={paths.artistDenySigning.pattern} element={<DenySigningPage />} />
      <Route path={paths.artistUploadRevision.pattern} element={<UploadRevisionPage />} />
    </Route>

    {/* Everything else: the login screen without a session. */}
    <Route element={<RequireSession />}>
      <Route path={paths.auth.pattern} element={to(paths.labelHub.href())} />
      <Route element={<StandaloneOutlet />}>
        <Route
          path={paths.organizationSetup.pattern}
          element={
            <RequireNoOrganization>
              <OrganizationSetupPage />
            </RequireNoOrganization>
          }
        />
      </Route>

      <Route
        element={
          <>
            <StartAccountLoad />
            <Suspense fallback={<FullPageLoader />}>
              <RequireOrganization />
            </Suspense>
          </>
        }
      >
        <Route element={<AppShell />}>
          {SIGNED_IN_PAGES.map(([pattern, Page]) => (
            <Route key={pattern} path={pattern} element={<Page />} />
          ))}

          <Route path={paths.dashboard.pattern} element={to(paths.labelHub.href())} />
          <Route path={paths.manageArtists.pattern} element={to(paths.artistsWriters.href())} />
          <Route path={paths.manageWriters.pattern} element={to(paths.artistsWriters.href())} />
          <Route path="*" element={to(paths.labelHub.href())} />
        </Route>
      </Route>
    </Route>
  </Route>,
);

export function AppRoutes() {
  return useRoutes(ROUTES);
}
