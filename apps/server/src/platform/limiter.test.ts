import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';

/** A task that ends when the test says so, and says when it started. */
function task(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a limiter', () => {
  it('runs at most its slots at once, the rest in the order they came', async () => {
    const limiter = createLimiter(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => task(started, name));
    const results = tasks.map((t) => limiter.run(t.run));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(limiter.load).toEqual({ running: 2, waiting: 2 });
    tasks[1]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks[0]!.finish();
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limiter.run(async () => 'next')).toBe('next');
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses no slots', () => {
    expect(() => createLimiter(0)).toThrow('at least one slot');
  });
});
