import { type AssetScope, kindsOf, type SongAssetsDto } from '@music-review/core/assets';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { AssetCard } from './asset-card';

/** The cards of one scope, with the loading and error states of the song's assets. */
export function AssetsGrid({
  songId,
  scope,
  query,
}: {
  songId: string;
  scope: AssetScope;
  query: { data?: SongAssetsDto; isPending: boolean; error: Error | null; refetch: () => unknown };
}) {
  if (query.isPending) {
    return (
      <div
        className="grid grid-cols-1 gap-4 md:grid-cols-2"
        role="status"
        aria-busy="true"
        aria-label="Loading assets"
      >
        {kindsOf(scope).map((kind) => (
          <Skeleton key={kind} className="h-64 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.error || !query.data) {
    return (
      <Alert variant="error">
        {query.error?.message ?? 'The assets could not be loaded.'}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = query.data;
  return (
    <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
      {kindsOf(scope).map((kind) => (
        <AssetCard key={kind} songId={songId} kind={kind} data={data.kinds.find((k) => k.kind === kind)} />
      ))}
    </div>
  );
}
