import type { AppContext } from '../../context.ts';
import { runPeriodically } from '../../platform/periodic.ts';
import { dropVanishedParticipants } from './calls.repo.ts';

export interface CallSweep {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Drops call participants whose page stopped sending heartbeats (a tab closed without its leave, a
 * crash, a lost network): every `intervalMs`, anyone silent for `dropAfterMs` leaves their call, and
 * the others hear of it as of any leave (a call_participants change). Every server copy runs it; the
 * statement is the same whoever runs it first, so copies need no coordination. Sweeps never overlap.
 */
export function startCallSweep(
  ctx: AppContext,
  options: { intervalMs: number; dropAfterMs: number },
): CallSweep {
  const job = runPeriodically(
    () =>
      dropVanishedParticipants(
        ctx.database.asOwner('the sweep ends vanished participants in every organization'),
        options.dropAfterMs,
      ),
    {
      intervalMs: options.intervalMs,
      failure: 'the call sweep could not run',
    },
  );
  return { stop: job.stop };
}
