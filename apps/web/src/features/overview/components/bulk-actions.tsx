import type { OverviewRowDto } from '@music-review/core/api';
import { Ban, CheckCircle2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type SongDecision, useDecideSongs } from '../api/decide-songs';

const songs = (n: number) => `${n} ${n === 1 ? 'song' : 'songs'}`;

const DECISIONS: Record<
  SongDecision,
  { verb: string; done: string; consequence: string; variant: 'primary' | 'destructive' }
> = {
  signed: {
    verb: 'Sign',
    done: 'signed',
    consequence: 'They move to Signed Songs and leave every review list.',
    variant: 'primary',
  },
  passed: {
    verb: 'Pass',
    done: 'passed',
    consequence: 'They leave every review list.',
    variant: 'destructive',
  },
};

/** How many titles the confirmation lists before it says 'and n more'. */
const LISTED_TITLES = 5;

function ConfirmDecision({
  decision,
  rows,
  onCancel,
  onDone,
}: {
  decision: SongDecision;
  rows: OverviewRowDto[];
  onCancel: () => void;
  onDone: () => void;
}) {
  const decide = useDecideSongs();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { verb, done, consequence, variant } = DECISIONS[decision];
  const listed = rows.slice(0, LISTED_TITLES);

  const confirm = async () => {
    try {
      const result = await decide.mutateAsync({ songIds: rows.map((r) => r.id), status: decision });
      toast.success(`${songs(result.updated.length)} ${done}`);
      onDone();
    } catch {
      // Shown in the dialog from decide.error; the selection stays so the user can try again.
    }
  };

  return (
    <Dialog
      open
      onClose={() => !decide.isPending && onCancel()}
      title={`${verb} ${songs(rows.length)}?`}
      description={consequence}
      initialFocusRef={cancelRef}
    >
      <div className="flex flex-col gap-4">
        <ul className="flex list-disc flex-col gap-0.5 pl-5 text-sm text-foreground">
          {listed.map((row) => (
            <li key={row.id} className="[overflow-wrap:anywhere]">
              {row.title}
            </li>
          ))}
          {rows.length > listed.length ? (
            <li className="list-none text-muted-foreground">and {rows.length - listed.length} more</li>
          ) : null}
        </ul>
        {decide.isError ? (
          <Alert>{decide.error.message || `Could not ${verb.toLowerCase()} the songs`}</Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button variant={variant} onClick={confirm} isLoading={decide.isPending}>
            {verb} {songs(rows.length)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * What to do with the selected songs. Everyone sees how many are selected; only admins get the
 * decisions (POST /api/v1/songs/decisions is admin-only on the server as well).
 */
export function BulkActionBar({
  rows,
  isAdmin,
  onClear,
}: {
  rows: OverviewRowDto[];
  isAdmin: boolean;
  onClear: () => void;
}) {
  const [decision, setDecision] = useState<SongDecision | null>(null);
  return (
    <section
      aria-label="Selected songs"
      className="sticky top-16 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-primary/40 bg-popover px-3 py-2 shadow-pop md:top-18"
    >
      <p className="mr-auto text-sm font-medium text-foreground" aria-live="polite">
        {rows.length} selected
      </p>
      {isAdmin ? (
        <>
          <Button size="sm" onClick={() => setDecision('signed')}>
            <CheckCircle2 aria-hidden="true" />
            Sign selected
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDecision('passed')}>
            <Ban aria-hidden="true" />
            Pass selected
          </Button>
        </>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X aria-hidden="true" />
        Clear selection
      </Button>
      {decision ? (
        <ConfirmDecision
          decision={decision}
          rows={rows}
          onCancel={() => setDecision(null)}
          onDone={() => {
            setDecision(null);
            onClear();
          }}
        />
      ) : null}
    </section>
  );
}
