import { READINESS_ITEMS, type ReadinessItem, type ReleaseReadinessDto } from '@music-review/core/assets';
import { CircleCheck, CircleDashed } from 'lucide-react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useSongAssets } from '../api/get-song-assets';
import { useReleaseReadiness } from '../api/set-release-readiness';
import { AssetsGrid } from './assets-grid';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const CHECKLIST: ReadinessItem[] = ['artwork', 'master', 'metadata'];

/** The signed song's release assets tab (issue 6): artwork, master, instrumental, stems, and readiness. */
export function ReleaseAssetsTab({ songId }: { songId: string }) {
  const query = useSongAssets(songId);
  return (
    <div className="flex flex-col gap-4">
      {query.data ? <ReadinessCard songId={songId} readiness={query.data.readiness} /> : null}
      <AssetsGrid songId={songId} scope="release" query={query} />
    </div>
  );
}

function ReadinessCard({ songId, readiness }: { songId: string; readiness: ReleaseReadinessDto }) {
  const mutation = useReleaseReadiness(songId);
  const canMark = readiness.missing.length === 0;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <section aria-labelledby="release-readiness-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <h3 id="release-readiness-heading" className="font-semibold">
              Release readiness
            </h3>
            {readiness.is_ready ? (
              <Badge variant="success">Ready for release</Badge>
            ) : (
              <Badge>Not ready</Badge>
            )}
          </div>
          {readiness.is_ready ? (
            <Button
              variant="outline"
              size="sm"
              isLoading={mutation.isPending}
              onClick={() => mutation.mutate(false, { onError: (e) => toast.error(e.message) })}
            >
              Unmark ready
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={!canMark}
              isLoading={mutation.isPending}
              onClick={() =>
                mutation.mutate(true, {
                  onSuccess: () => toast.success('Marked ready for release'),
                  onError: (e) => toast.error(e.message),
                })
              }
            >
              Mark ready for release
            </Button>
          )}
        </div>
        {readiness.is_ready ? (
          <p className="text-sm text-muted-foreground">
            Marked ready{readiness.marked_by_name ? ` by ${readiness.marked_by_name}` : ''}
            {readiness.marked_at ? ` on ${dateFormat.format(new Date(readiness.marked_at))}` : ''}.
          </p>
        ) : (
          <ul aria-label="Required before release" className="flex flex-col gap-1.5 text-sm">
            {CHECKLIST.map((item) => {
              const done = !readiness.missing.includes(item);
              return (
                <li key={item} className="flex items-center gap-2">
                  {done ? (
                    <CircleCheck aria-hidden="true" className="size-4 text-success" />
                  ) : (
                    <CircleDashed aria-hidden="true" className="size-4 text-muted-foreground" />
                  )}
                  <span className={done ? '' : 'text-muted-foreground'}>{READINESS_ITEMS[item]}</span>
                  <span className="sr-only">{done ? '(done)' : '(missing)'}</span>
                </li>
              );
            })}
          </ul>
        )}
        {mutation.error && !readiness.is_ready ? (
          <Alert variant="error">{mutation.error.message}</Alert>
        ) : null}
      </section>
    </Card>
  );
}
