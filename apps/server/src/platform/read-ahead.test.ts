import { describe, expect, it } from 'vitest';
import { createReadAheadCue, readAhead } from './read-ahead.ts';

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

  it('with a cue, reads the next item once the caller gives it, after the event loop has turned', async () => {
    const log: string[] = [];
    const cue = createReadAheadCue();
    for await (const item of readAhead(recordingSource([1, 2, 3], log), cue)) {
      log.push(`work ${item} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      cue.go();
      log.push(`sent ${item}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The next read starts after the caller's own step ("sent"), not when the item is handed over.
    expect(log).toEqual([
      'read 1',
      'work 1 starts',
      'sent 1',
      'read 2',
      'work 2 starts',
      'sent 2',
      'read 3',
      'work 3 starts',
      'sent 3',
      'closed',
    ]);
  });

  it('with a cue never given, reads the next item when the caller asks for it', async () => {
    const log: string[] = [];
    const cue = createReadAheadCue();
    for await (const item of readAhead(recordingSource([1, 2], log), cue)) {
      log.push(`work ${item} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`work ${item} ends`);
    }
    expect(log).toEqual([
      'read 1',
      'work 1 starts',
      'work 1 ends',
      'read 2',
      'work 2 starts',
      'work 2 ends',
      'closed',
    ]);
  });

  it('reads nothing more for a cue given after the caller stopped', async () => {
    const log: string[] = [];
    const cue = createReadAheadCue();
    await expect(async () => {
      for await (const item of readAhead(recordingSource([1, 2, 3], log), cue)) {
        if (item === 1) throw new Error('the batch failed');
      }
    }).rejects.toThrow('the batch failed');
    cue.go();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual(['read 1', 'closed']);
  });
});
