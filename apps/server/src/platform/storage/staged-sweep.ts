import { runPeriodically } from '../periodic.ts';
import type { LocalDiskDriver } from './local-driver.ts';

/** A staged upload not written to for this long is a leftover (a crash, a killed process). */
export const STAGED_UPLOAD_MAX_IDLE_MS = 60 * 60 * 1000;
/** How often the temp folder is swept after the sweep at start. */
export const STAGED_UPLOAD_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface StagedUploadSweep {
  /** The sweep at start: how many leftovers it removed. */
  firstRun: Promise<number>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Removes partial uploads left in the local storage's temp folder: once at start, then every
 * `intervalMs` (the timer does not keep the process alive). Sweeps never overlap; a failed sweep is
 * logged and tried again at the next interval.
 */
export function startStagedUploadSweep(
  local: LocalDiskDriver,
  options: { intervalMs?: number; maxIdleMs?: number } = {},
): StagedUploadSweep {
  const intervalMs = options.intervalMs ?? STAGED_UPLOAD_SWEEP_INTERVAL_MS;
  const maxIdleMs = options.maxIdleMs ?? STAGED_UPLOAD_MAX_IDLE_MS;
  const job = runPeriodically(() => local.sweepStaged(maxIdleMs), {
    intervalMs,
    failure: 'the storage temp folder could not be swept',
    atStart: true,
  });
  return { firstRun: job.first.then((removed) => removed ?? 0), stop: job.stop };
}
