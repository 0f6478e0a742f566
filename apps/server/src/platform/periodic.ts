import { sanitizeError } from './logging.ts';

export interface PeriodicJob<T> {
  /** The run at start (`atStart`), resolving to its result, or to undefined when it failed or was not asked for. */
  first: Promise<T | undefined>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `intervalMs` (and once at once with `atStart`) in this server copy. Runs never
 * overlap: a tick that finds the last run still going is skipped. A failed run is logged under
 * `failure` (the error sanitised: no SQL parameters) and tried again at the next tick. The timer
 * does not keep the process alive. Copies that must not repeat each other's work coordinate inside
 * the job (a claim row), not here.
 */
export function runPeriodically<T>(
  job: () => Promise<T>,
  options: { intervalMs: number; failure: string; atStart?: boolean },
): PeriodicJob<T> {
  let stopped = false;
  let running: Promise<T | undefined> | null = null;

  const tick = (): Promise<T | undefined> => {
    if (running) return running;
    running = job()
      .catch((err): undefined => {
        console.warn(options.failure, sanitizeError(err));
        return undefined;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const first = options.atStart ? tick() : Promise.resolve(undefined);
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, options.intervalMs);
  timer.unref();
  return {
    first,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
