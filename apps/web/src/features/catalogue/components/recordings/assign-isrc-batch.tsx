import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import type { RecordingRowDto } from '@music-review/core/contracts/catalogue';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { isApiError } from '../../../../lib/api-client';
import { useAssignIsrc } from '../../api/assign-isrc';
import { CodeErrorAlert } from '../shared/code-error-alert';
import { Panel } from '../shared/panel';

type Outcome = { id: string; title: string } & ({ isrc: string } | { error: string });

/**
 * "Assign ISRC" for the ticked recordings without one, one after another with the progress shown
 * and each code as it comes. A problem of the settings (no prefix) stops the run: every next one
 * would fail the same way.
 */
export function AssignIsrcBatch({
  recordings,
  onClose,
}: {
  recordings: RecordingRowDto[];
  onClose: () => void;
}) {
  const assign = useAssignIsrc();
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [stopError, setStopError] = useState<Error | null>(null);
  const [state, setState] = useState<'ready' | 'running' | 'done'>('ready');
  const stopped = useRef(false);

  const run = async () => {
    stopped.current = false;
    setState('running');
    for (const recording of recordings) {
      if (stopped.current) break;
      try {
        const updated = await assign.mutateAsync(recording.id);
        setOutcomes((previous) => [
          ...previous,
          { id: recording.id, title: recording.title, isrc: updated.isrc ?? '' },
        ]);
      } catch (error) {
        if (isApiError(error) && error.code === 'bad_request') {
          setStopError(error);
          break;
        }
        const message = error instanceof Error ? error.message : 'Could not assign an ISRC';
        setOutcomes((previous) => [
          ...previous,
          { id: recording.id, title: recording.title, error: message },
        ]);
      }
    }
    setState('done');
  };

  const done = outcomes.length;
  const total = recordings.length;
  return (
    <Panel
      open
      variant="dialog"
      onClose={onClose}
      title={CATALOGUE_TEXTS.assignIsrc}
      description={`${total} ${total === 1 ? 'recording' : 'recordings'} without an ISRC`}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <p role="status" className="text-sm text-foreground">
            {state === 'ready'
              ? 'Each gets the next ISRC of the label’s prefix, one after another.'
              : state === 'running'
                ? `Assigning ${Math.min(done + 1, total)} of ${total}…`
                : `Done: ${outcomes.filter((o) => 'isrc' in o).length} of ${total} assigned`}
          </p>
          <progress
            max={total}
            value={done}
            aria-label="ISRCs assigned"
            className="h-2 w-full overflow-hidden rounded-full accent-primary"
          />
        </div>
        {stopError ? <CodeErrorAlert error={stopError} /> : null}
        <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto text-sm" aria-label="Assigned codes">
          {outcomes.map((outcome) => (
            <li key={outcome.id} className="flex items-center gap-2">
              {'isrc' in outcome ? (
                <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
              ) : (
                <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
              )}
              <span className="min-w-0 flex-1 truncate">{outcome.title}</span>
              {'isrc' in outcome ? (
                <span className="font-mono text-xs">{outcome.isrc}</span>
              ) : (
                <span className="text-xs text-destructive">{outcome.error}</span>
              )}
            </li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          {state === 'running' ? (
            <Button
              variant="outline"
              onClick={() => {
                stopped.current = true;
              }}
            >
              Stop
            </Button>
          ) : null}
          {state === 'ready' ? (
            <Button onClick={() => void run()}>
              Assign {total} {total === 1 ? 'ISRC' : 'ISRCs'}
            </Button>
          ) : null}
          <Button
            variant={state === 'ready' ? 'outline' : 'primary'}
            onClick={onClose}
            disabled={state === 'running'}
          >
            {state === 'ready' ? 'Cancel' : 'Close'}
          </Button>
        </div>
      </div>
    </Panel>
  );
}
