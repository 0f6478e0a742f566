/**
 * The items of `source` in order, the next one read while the caller works on the current one:
 * while the caller awaits the database with an item, the source reads and parses the next (a CSV
 * import's next 1,000 rows are parsed and checked while the last 1,000 are written). At most one
 * item waits besides the caller's, so memory stays that of two items. A failure of the source is
 * thrown where the item it was reading would have come; when the caller stops early, the source is
 * closed once its read under way has ended.
 *
 * Without a cue the next item is asked for as soon as the current one is handed over. With one, it
 * is asked for when the caller calls `cue.go()` (after the event loop's next turn, so a statement
 * the caller has just sent is on its way first) or, at the latest, when the caller asks for it: the
 * reading then runs while the database works, not while the caller's own short queries wait for
 * their answers behind it.
 */
export async function* readAhead<T>(
  source: AsyncIterable<T>,
  cue?: ReadAheadCue,
): AsyncGenerator<T, void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = iterator.next();
  let finished = false;
  const readNext = () => {
    if (pending || finished) return;
    pending = iterator.next();
    // Not awaited until the caller asks for the item: its failure is thrown then, not reported
    // as unhandled meanwhile.
    pending.catch(() => {});
  };
  try {
    for (;;) {
      const current = await (pending ?? iterator.next());
      pending = null;
      if (current.done) {
        finished = true;
        return;
      }
      if (cue) cue.arm(readNext);
      else readNext();
      yield current.value;
      readNext();
    }
  } finally {
    const reading = pending as Promise<IteratorResult<T>> | null;
    const stoppedEarly = !finished;
    // A cue given from now on reads nothing more.
    finished = true;
    // The caller stopped early, or the source failed (closing a failed source does nothing).
    if (stoppedEarly) {
      await reading?.catch(() => {});
      await iterator.return?.();
    }
  }
}

/** Says when readAhead may read the next item (see readAhead). */
export interface ReadAheadCue {
  arm(readNext: () => void): void;
  go(): void;
}

export function createReadAheadCue(): ReadAheadCue {
  let armed: (() => void) | null = null;
  return {
    arm(readNext) {
      armed = readNext;
    },
    go() {
      const readNext = armed;
      armed = null;
      if (readNext) setImmediate(readNext);
    },
  };
}
