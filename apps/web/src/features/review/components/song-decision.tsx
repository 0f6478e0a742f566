import { CircleCheck, CircleX } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { type SongDecision, useDecideSong } from '../api/decide-song';

const texts: Record<
  SongDecision,
  { title: (song: string) => string; description: string; confirm: string; done: string }
> = {
  sign: {
    title: (song) => `Sign “${song}”?`,
    description: 'The song leaves the review lists and moves to Signed Songs.',
    confirm: 'Sign song',
    done: 'Song signed',
  },
  pass: {
    title: (song) => `Pass on “${song}”?`,
    description: 'The song leaves the review lists. The team’s reviews are kept.',
    confirm: 'Pass song',
    done: 'Song passed',
  },
};

function ConfirmDecision({
  songId,
  songTitle,
  decision,
  onClose,
}: {
  songId: string;
  songTitle: string;
  decision: SongDecision;
  onClose: () => void;
}) {
  const decide = useDecideSong(songId);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const text = texts[decision];

  const confirm = () => {
    setError(null);
    // The promise, not mutate's per-call callbacks: the saved status re-renders the page, which
    // may unmount this dialog before those callbacks would run.
    decide.mutateAsync(decision).then(
      () => {
        toast.success(text.done);
        navigate(decision === 'sign' ? paths.signedSong.href(songId) : paths.reviewDashboard.href());
      },
      (decideError: Error) => setError(decideError.message || 'Failed to save the decision'),
    );
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!decide.isPending) onClose();
      }}
      title={text.title(songTitle)}
      description={text.description}
    >
      <div className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button
            variant={decision === 'pass' ? 'destructive' : 'primary'}
            onClick={confirm}
            isLoading={decide.isPending}
          >
            {text.confirm}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Admins only: 'Sign' and 'Pass' on a pending song, each confirmed in a dialog first. */
export function SongDecisionButtons({ songId, songTitle }: { songId: string; songTitle: string }) {
  const [decision, setDecision] = useState<SongDecision | null>(null);
  return (
    <>
      <Button variant="outline" onClick={() => setDecision('pass')}>
        <CircleX aria-hidden="true" />
        Pass
      </Button>
      <Button onClick={() => setDecision('sign')}>
        <CircleCheck aria-hidden="true" />
        Sign
      </Button>
      {decision ? (
        <ConfirmDecision
          songId={songId}
          songTitle={songTitle}
          decision={decision}
          onClose={() => setDecision(null)}
        />
      ) : null}
    </>
  );
}
