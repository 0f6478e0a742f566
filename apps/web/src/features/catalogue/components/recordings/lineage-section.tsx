import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Skeleton } from '../../../../components/ui/skeleton';
import { paths } from '../../../../config/paths';
import { useRecordingLineage } from '../../api/get-recording-lineage';
import { formatDateTime } from '../shared/format';

const average = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const linkClasses =
  'text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Where the recording came from: the demo, its reviews' averages, the decision, the contract and
 * its signatures, each linked to the signed song's page.
 */
export function LineageSection({ recordingId, songId }: { recordingId: string; songId: string | null }) {
  const lineage = useRecordingLineage(recordingId, songId !== null);
  if (songId === null) {
    return (
      <p className="text-sm text-muted-foreground">
        Not from a demo: this recording was imported or added by hand.
      </p>
    );
  }
  if (lineage.isPending) return <Skeleton className="h-24 w-full" />;
  if (lineage.isError) return <Alert>{lineage.error.message}</Alert>;
  const { song, averages, decision, contracts } = lineage.data;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted-foreground">Demo</dt>
      <dd>
        {song ? (
          <>
            <Link to={paths.signedSong.href(song.id)} className={linkClasses}>
              {song.title}
            </Link>{' '}
            <span className="text-muted-foreground">
              by {song.artist}, submitted{' '}
              <time dateTime={song.submitted_at}>{formatDateTime(song.submitted_at)}</time>
            </span>
          </>
        ) : (
          'The demo is no longer there'
        )}
      </dd>
      <dt className="text-muted-foreground">Reviews</dt>
      <dd>
        {averages.reviews === 0
          ? 'No reviews'
          : `${averages.reviews} ${averages.reviews === 1 ? 'review' : 'reviews'}: musical ${average(averages.musical)}, artist ${average(averages.artist)}, overall ${average(averages.overall)}`}
      </dd>
      <dt className="text-muted-foreground">Decision</dt>
      <dd>
        {decision
          ? `${decision.status.charAt(0).toUpperCase()}${decision.status.slice(1)}${decision.decided_at ? ` on ${formatDateTime(decision.decided_at)}` : ''}`
          : 'No decision recorded'}
      </dd>
      <dt className="text-muted-foreground">Contracts</dt>
      <dd>
        {contracts.length === 0 ? (
          'No contract'
        ) : (
          <ul className="flex flex-col gap-2">
            {contracts.map((contract) => (
              <li key={contract.id}>
                <Link to={paths.signedSong.href(songId, 'contracts')} className={linkClasses}>
                  {contract.title}
                </Link>{' '}
                <span className="text-muted-foreground">({contract.status})</span>
                {contract.signers.length > 0 ? (
                  <ul className="mt-1 text-muted-foreground">
                    {contract.signers.map((signer) => (
                      <li key={signer.name}>
                        {signer.name}:{' '}
                        {signer.signed_at ? (
                          <>
                            signed <time dateTime={signer.signed_at}>{formatDateTime(signer.signed_at)}</time>
                          </>
                        ) : (
                          'not signed yet'
                        )}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}
