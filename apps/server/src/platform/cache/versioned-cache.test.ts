/**
 * The versioned cache's answer after a change (decision 0034, `throughOrKept`): the new answer when
 * it comes within the wait, else the kept one marked stale while the new one is computed once; a
 * failed computation leaves the kept answer; an expired one is never answered.
 */
import { describe, expect, it } from 'vitest';
import { gate } from '../../test/gate.ts';
import { createVersionedCache } from './versioned-cache.ts';

/** A computation that ends on its own after `ms`. */
const later = (value: string, ms: number) => () =>
  new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));

const NOW = new Date('2026-11-27T10:00:00Z');

describe('an answer asked after its version changed', () => {
  it('answers the kept one, stale, past the wait, computes the new one once, then answers it', async () => {
    const cache = createVersionedCache<string>(10);
    let runs = 0;
    const first = await cache.throughOrKept('k', '1', NOW, async () => `v1 #${++runs}`, { waitMs: 10 });
    expect(first).toEqual({ value: 'v1 #1', stale: false });

    const slow = gate<string>();
    const compute = () => {
      runs++;
      return slow.promise;
    };
    expect(await cache.throughOrKept('k', '2', NOW, compute, { waitMs: 10 })).toEqual({
      value: 'v1 #1',
      stale: true,
    });
    // Asked again while it is computed: the kept answer again, and no second computation.
    expect(await cache.throughOrKept('k', '2', NOW, compute, { waitMs: 10 })).toEqual({
      value: 'v1 #1',
      stale: true,
    });
    expect(runs).toBe(2);

    slow.open('v2');
    await slow.promise;
    await Promise.resolve();
    expect(await cache.throughOrKept('k', '2', NOW, compute, { waitMs: 10 })).toEqual({
      value: 'v2',
      stale: false,
    });
    expect(runs).toBe(2);
  });

  it('answers the kept one while the new one is computed by a plain `through` (the refresh ahead)', async () => {
    const cache = createVersionedCache<string>(10);
    await cache.through('k', '1', NOW, async () => 'v1');
    const slow = gate<string>();
    const renewing = cache.through('k', '2', NOW, () => slow.promise);
    expect(await cache.throughOrKept('k', '2', NOW, () => slow.promise, { waitMs: 10 })).toEqual({
      value: 'v1',
      stale: true,
    });
    expect(cache.get('k', '1', NOW)).toBe('v1');
    expect(cache.get('k', '2', NOW)).toBeUndefined();
    slow.open('v2');
    expect(await renewing).toBe('v2');
    expect(cache.get('k', '2', NOW)).toBe('v2');
  });

  it('answers the new one when it comes within the wait', async () => {
    const cache = createVersionedCache<string>(10);
    await cache.throughOrKept('k', '1', NOW, async () => 'v1', { waitMs: 1000 });
    const answer = cache.throughOrKept('k', '2', NOW, later('v2', 20), { waitMs: 1000 });
    expect(await answer).toEqual({ value: 'v2', stale: false });
  });

  it('keeps the old answer when the new one fails, says so once, and computes again on the next ask', async () => {
    const cache = createVersionedCache<string>(10);
    await cache.throughOrKept('k', '1', NOW, async () => 'v1', { waitMs: 10 });
    const failing = gate<string>();
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    for (let i = 0; i < 2; i++)
      expect(
        await cache.throughOrKept('k', '2', NOW, () => failing.promise, { waitMs: 10, onError }),
      ).toEqual({
        value: 'v1',
        stale: true,
      });
    failing.fail(new Error('the database went away'));
    await failing.promise.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
    expect(await cache.throughOrKept('k', '2', NOW, async () => 'v2', { waitMs: 10, onError })).toEqual({
      value: 'v2',
      stale: false,
    });
  });

  it('never answers an expired answer: the new one is waited for', async () => {
    const cache = createVersionedCache<string>(10);
    const midnight = Date.parse('2026-11-28T00:00:00Z');
    await cache.throughOrKept('k', '1', NOW, async () => 'today', { waitMs: 10, validUntil: () => midnight });
    const tomorrow = new Date(midnight + 1000);
    const slow = gate<string>();
    const answer = cache.throughOrKept('k', '2', tomorrow, () => slow.promise, { waitMs: 10 });
    let settled = false;
    void answer.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    slow.open('tomorrow');
    expect(await answer).toEqual({ value: 'tomorrow', stale: false });
  });

  it('waits for the first answer of a key: there is nothing to answer before it', async () => {
    const cache = createVersionedCache<string>(10);
    const answer = cache.throughOrKept('k', '1', NOW, later('first', 40), { waitMs: 0 });
    expect(await answer).toEqual({ value: 'first', stale: false });
  });
});
