import { LABEL_COPY_MESSAGES } from '@music-review/core/label-copy';
import { FilePlus2, RotateCcw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCreateLabelCopy } from '../api/create-label-copy';
import { useSongLabelCopy } from '../api/get-song-label-copy';
import { LabelCopyEditor } from './label-copy-editor';

/** The signed song's label copy tab (issue 6). */
export function LabelCopyTab({ songId }: { songId: string }) {
  const query = useSongLabelCopy(songId);
  const create = useCreateLabelCopy(songId);

  if (query.isPending) {
    return (
      <div
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
        role="status"
        aria-busy="true"
        aria-label="Loading the label copy"
      >
        <Skeleton className="h-96" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card className="flex flex-col items-start gap-3 p-5">
        <Alert>{query.error.message || 'Failed to load the label copy'}</Alert>
        <Button variant="outline" onClick={() => void query.refetch()} isLoading={query.isFetching}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }
  const { label_copy: copy, song, generator } = query.data;
  if (!copy) {
    return (
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <FilePlus2 aria-hidden="true" className="size-10 text-muted-foreground" />
        <h3 className="text-lg font-semibold text-foreground">No label copy yet</h3>
        <p className="max-w-md text-sm text-muted-foreground">
          {song.status === 'signed'
            ? `Start the label copy of “${song.title}”. It is filled in from the song, its metadata form and its signed contract; you and the artist complete the rest.`
            : LABEL_COPY_MESSAGES.notSigned}
        </p>
        {create.isError ? <Alert>{create.error.message}</Alert> : null}
        <Button
          onClick={() => create.mutate()}
          isLoading={create.isPending}
          disabled={song.status !== 'signed'}
        >
          <FilePlus2 aria-hidden="true" />
          Create label copy
        </Button>
      </Card>
    );
  }
  return <LabelCopyEditor key={copy.id} songId={songId} copy={copy} generator={generator} />;
}
