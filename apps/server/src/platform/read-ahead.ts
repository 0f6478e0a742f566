/**
 * The items of `source` in order, each next one asked for as soon as the current one is handed
 * over: while the caller awaits the database with an item, the source reads and parses the next
 * (a CSV import's next 1,000 rows are parsed and checked while the last 1,000 are written). At most
 * one item waits besides the caller's, so memory stays that of two items. A failure of the source
 * is thrown where the item it was reading would have come; when the caller stops early, the source
 * is closed once its read under way has ended.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  let pending = iterator.next();
  let finished = false;
  try {
    for (;;) {
      const current = await pending;
      if (current.done) {
        finished = true;
        return;
      }
      pending = iterator.next();
      // Not awaited until the caller asks for the item: its failure is thrown then, not reported
      // as unhandled meanwhile.
      pending.catch(() => {});
      yield current.value;
    }
  } finally {
    // The caller stopped early, or the source failed (closing a failed source does nothing).
    if (!finished) {
      await pending.catch(() => {});
      await iterator.return?.();
    }
  }
}
