/**
 * A Map that forgets its least recently used entries past `max` (0: keeps nothing). `get` and `set`
 * make an entry the most recent; `peek` and iteration (least recent first) leave the order alone.
 * With `weigh`, `max` bounds the entries' total weight (bytes, say) rather than their number; an
 * entry heavier than `max` is not kept.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();
  private weight = 0;
  constructor(
    private readonly max: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V) {
    this.delete(key);
    this.map.set(key, value);
    this.weight += this.weigh(value);
    while (this.weight > this.max) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K) {
    const value = this.map.get(key);
    if (!this.map.delete(key)) return false;
    this.weight -= this.weigh(value as V);
    return true;
  }

  /** The kept entries' total weight (their number without `weigh`). */
  get totalWeight() {
    return this.weight;
  }

  get size() {
    return this.map.size;
  }

  [Symbol.iterator]() {
    return this.map[Symbol.iterator]();
  }
}
