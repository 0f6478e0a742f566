/**
 * At most `max` tasks at once; the others wait their turn, first come first served. For work that
 * holds a database connection and a core for seconds (analytics answers summed from a year of
 * rollups): run all at once, they take every connection of the pool, and requests that need one
 * for a millisecond (a session, a version) wait behind them (docs/PERFORMANCE.md, "Analytics").
 */
export function createLimiter(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error(`a limiter needs at least one slot, not ${max}`);
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    /** Runs `task` when a slot is free; answers what it answers. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        // The slot goes to the next in line, or is freed.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Tasks running and waiting now. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
