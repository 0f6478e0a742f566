// Database-independent: LruMap alone.
import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.ts';

describe('LruMap', () => {
  it('forgets the least recently used past its size; get and set make an entry recent, peek does not', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a is now the most recent
    map.set('c', 3); // b goes
    expect([...map].map(([k]) => k)).toEqual(['a', 'c']);
    expect(map.peek('a')).toBe(1); // a stays the least recent
    map.set('d', 4); // a goes
    expect([...map].map(([k]) => k)).toEqual(['c', 'd']);
    expect(map.delete('c')).toBe(true);
    expect(map.size).toBe(1);
  });

  it('keeps nothing with a size of 0', () => {
    const map = new LruMap<string, number>(0);
    map.set('a', 1);
    expect(map.size).toBe(0);
    expect(map.get('a')).toBeUndefined();
  });

  it('with a weight, bounds the total weight: a heavy entry pushes out several, one heavier than the bound is not kept', () => {
    const map = new LruMap<string, string>(10, (value) => value.length);
    map.set('a', 'xxxx');
    map.set('b', 'xxxx');
    expect(map.totalWeight).toBe(8);
    map.set('c', 'xxxxxxxx'); // a and b go
    expect([...map].map(([k]) => k)).toEqual(['c']);
    map.set('c', 'xx'); // replaced: its old weight is given back
    map.set('d', 'xxxxxxxx');
    expect([...map].map(([k]) => k)).toEqual(['c', 'd']);
    expect(map.totalWeight).toBe(10);
    map.set('e', 'x'.repeat(11));
    expect(map.peek('e')).toBeUndefined();
    expect(map.totalWeight).toBe(0);
  });
});
