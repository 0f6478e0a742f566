/**
 * A Map that forgets its least recently used entries past `max` (0: keeps nothing). `get` and `set`
 * make an entry the most recent; `peek` and iteration (least recent first) leave the order alone.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}

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
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
  }

  delete(key: K) {
    return this.map.delete(key);
  }

  get size() {
    return this.map.size;
  }

  [Symbol.iterator]() {
    return this.map[Symbol.iterator]();
  }
}
