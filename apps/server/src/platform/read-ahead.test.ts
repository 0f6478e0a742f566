import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

/** A source that records when each item is read and when it is closed. */
function recordingSource(items: number[], log: string[], failAt?: number) {
  return (async function* () {
    try {
      for (const item of items) {
        log.push(`read ${item}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (item === failAt) throw new Error(`could not read ${item}`);
        yield item;
      }
    } finally {
      log.push('closed');
    }
  })();
}

describe('readAhead', () => {
  it('hands the items over in order, the next one read while the caller works on the current one', async () => {
    const log: string[] = [];
    const seen: number[] = [];
    for await (const item of readAhead(recordingSource([1, 2, 3], log))) {
      log.push(`work ${item} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(item);
    }
    expect(seen).toEqual([1, 2, 3]);
    // Each next item is read before the work on the current one starts, not after it ends; the
    // source ends (closed) while the last item is still ahead of the caller.
    expect(log).toEqual([
      'read 1',
      'read 2',
      'work 1 starts',
      'read 3',
      'work 2 starts',
      'closed',
      'work 3 starts',
    ]);
  });

  it("throws the source's failure where its item would have come, after the items before it", async () => {
    const log: string[] = [];
    const seen: number[] = [];
    await expect(async () => {
      for await (const item of readAhead(recordingSource([1, 2, 3], log, 2))) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(item);
      }
    }).rejects.toThrow('could not read 2');
    expect(seen).toEqual([1]);
    expect(log).toContain('closed');
  });

  it('closes the source when the caller stops early, once the read under way has ended', async () => {
    const log: string[] = [];
    await expect(async () => {
      for await (const item of readAhead(recordingSource([1, 2, 3], log))) {
        if (item === 1) throw new Error('the batch failed');
      }
    }).rejects.toThrow('the batch failed');
    expect(log).toEqual(['read 1', 'read 2', 'closed']);
  });
});
