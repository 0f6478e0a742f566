import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { useReleaseDistributionRefresh } from '../api/distribution-refresh';
import { useReleaseDistribution } from '../api/get-release-distribution';
import { DealTermsForm } from '../components/deal-terms-form';
import { DeliveriesSection } from '../components/deliveries-section';
import { DeliveryActions } from '../components/delivery-actions';
import { formatDay } from '../components/format';
import { HistorySection } from '../components/history-section';
import { isPlanRequired, PlanRequired } from '../components/plan-required';
import { DEAL_TERMS_ID, ReadinessSection } from '../components/readiness-section';
import { PageSection } from '../components/section';
import { StoresSection } from '../components/stores-section';
import { ValidationSection } from '../components/validation-section';
import type { ReleaseDistributionDto } from '../distribution-types';

/** The page's title until the release is known (and when it is not found). */
const FALLBACK_TITLE = 'Release Distribution';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BackLink() {
  return (
    <Link
      to={paths.distribution.href()}
      className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All releases in Distribution
    </Link>
  );
}

/** "Sunny · UPC 012345678905 · Jun 1, 2025 · 2 tracks" */
function subtitleOf({ release }: ReleaseDistributionDto): string {
  return [
    release.display_artist,
    release.upc ? `UPC ${release.upc}` : 'No UPC yet',
    release.release_date ? formatDay(release.release_date) : 'No release date yet',
    release.track_count === 1 ? '1 track' : `${release.track_count} tracks`,
  ].join(' · ');
}

function NotFound() {
  return (
    <Alert>
      This release does not exist, or it was deleted.{' '}
      <Link to={paths.distribution.href()} className="font-medium underline underline-offset-4">
        Pick one from the list
      </Link>
      .
    </Alert>
  );
}

/**
 * /distribution/track/:releaseId: one release on its way to the stores. Its readiness (what blocks
 * a delivery, with where to fix it), the deal terms, "Deliver", "Send update" and "Take down", each
 * store's status (settable by hand), the deliveries with their ERN, the last schema check and the
 * history. Live: a change to this release's stores, deliveries or history refetches the page.
 */
export function DistributionTrackPage() {
  const { releaseId = '' } = useParams();
  const me = useMe();
  const hasPlan = me.data?.organization?.has_catalogue !== false;
  // An id that is not one never names a release: no request, the same "not found" as the server's.
  const isId = UUID.test(releaseId);
  const query = useReleaseDistribution(releaseId, { enabled: hasPlan && isId });
  useReleaseDistributionRefresh(releaseId);
  const data = query.data;

  if (!hasPlan || isPlanRequired(query.error)) {
    return (
      <div className="flex flex-col gap-6">
        <BackLink />
        <PageHeader title={FALLBACK_TITLE} />
        <PlanRequired />
      </div>
    );
  }
  if (!data) {
    const isGone = !isId || (isApiError(query.error) && query.error.code === 'not_found');
    return (
      <div className="flex flex-col gap-6">
        <BackLink />
        <PageHeader title={FALLBACK_TITLE} />
        {isGone ? (
          <NotFound />
        ) : query.error ? (
          <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : (
          <div role="status" aria-label="Loading the release" className="flex flex-col gap-4">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </div>
    );
  }

  const { release } = data;
  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <PageHeader
        title={release.version ? `${release.title} (${release.version})` : release.title}
        subtitle={subtitleOf(data)}
      />
      <DeliveryActions data={data} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex flex-col gap-6">
          <ReadinessSection readiness={data.readiness} releaseId={release.id} />
          <StoresSection stores={data.stores} releaseId={release.id} />
          <DeliveriesSection deliveries={data.deliveries} />
        </div>
        <div className="flex flex-col gap-6">
          <PageSection id={DEAL_TERMS_ID} title="Deal terms">
            <DealTermsForm
              releaseId={release.id}
              terms={data.deal_terms}
              reload={async () => (await query.refetch()).data?.deal_terms}
            />
          </PageSection>
          <ValidationSection validation={data.last_validation} />
          <HistorySection history={data.history} />
        </div>
      </div>
    </div>
  );
}
