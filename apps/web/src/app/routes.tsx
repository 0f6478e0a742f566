import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths } from '../config/paths';
import { AuthEventNavigator } from './guards/auth-event-navigator';
import { RequireSession } from './guards/require-session';

/** Every page is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
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
  () => import('../features/review/pages/review-song-page'),
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
  () => import('../features/profile/pages/profile-page'),
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
  () => import('../features/support/pages/support-inbox-page'),
  (m) => m.SupportInboxPage,
);
const SignedSongsPage = page(
  () => import('../features/signed-songs/pages/signed-songs-page'),
  (m) => m.SignedSongsPage,
);
const SignedSongsMetadataPage = page(
  () => import('../features/signed-songs/pages/signed-songs-metadata-page'),
  (m) => m.SignedSongsMetadataPage,
);
const SignedSongPage = page(
  () => import('../features/signed-songs/pages/signed-song-page'),
  (m) => m.SignedSongPage,
);

function RootLayout() {
  return (
    <>
      <AuthEventNavigator />
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

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {/* Public: no session needed. */}
        <Route element={<StandaloneOutlet />}>
          <Route path={paths.metadataForm.pattern} element={<MetadataFormPage />} />
          <Route path={paths.marketingForm.pattern} element={<MarketingFormPage />} />
          <Route path={paths.labelCopyForm.pattern} element={<LabelCopyFormPage />} />
          <Route path={paths.marketingGeneral.pattern} element={<MarketingGeneralPage />} />
          <Route path={paths.labelCopyGenerator.pattern} element={<LabelCopyGeneratorPage />} />
          <Route path={paths.labelCopy.pattern} element={<LabelCopyPage />} />
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
              <Suspense fallback={<FullPageLoader />}>
                <RequireOrganization />
              </Suspense>
            }
          >
            <Route element={<AppShell />}>
              <Route path={paths.labelHub.pattern} element={<LabelHubPage />} />
              <Route path={paths.labelHubAlias.pattern} element={<LabelHubPage />} />
              <Route path={paths.home.pattern} element={<HomePage />} />
              <Route path={paths.reviewDashboard.pattern} element={<ReviewDashboardPage />} />
              <Route path={paths.review.pattern} element={<ReviewSongPage />} />
              <Route path={paths.overview.pattern} element={<OverviewPage />} />
              <Route path={paths.analytics.pattern} element={<AnalyticsPage />} />
              <Route path={paths.finance.pattern} element={<FinancePage />} />
              <Route path={paths.distribution.pattern} element={<DistributionPage />} />
              <Route path={paths.distributionTrack.pattern} element={<DistributionTrackPage />} />
              <Route path={paths.addTracks.pattern} element={<AddTracksPage />} />
              <Route path={paths.profile.pattern} element={<ProfilePage />} />
              <Route path={paths.catalogue.pattern} element={<CataloguePage />} />
              <Route path={paths.artistsWriters.pattern} element={<ArtistsWritersPage />} />
              <Route path={paths.waveformTest.pattern} element={<WaveformTestPage />} />
              <Route path={paths.feedback.pattern} element={<FeedbackPage />} />
              <Route path={paths.videoCall.pattern} element={<VideoCallPage />} />
              <Route path={paths.supportInbox.pattern} element={<SupportInboxPage />} />
              <Route path={paths.signedSongs.pattern} element={<SignedSongsPage />} />
              <Route path={paths.signedSongsMetadata.pattern} element={<SignedSongsMetadataPage />} />
              <Route path={paths.signedSong.pattern} element={<SignedSongPage />} />

              <Route path={paths.dashboard.pattern} element={to(paths.labelHub.href())} />
              <Route path={paths.manageArtists.pattern} element={to(paths.artistsWriters.href())} />
              <Route path={paths.manageWriters.pattern} element={to(paths.artistsWriters.href())} />
              <Route path="*" element={to(paths.labelHub.href())} />
            </Route>
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
