/**
 * Answers served many times unchanged (cached answers) are checked against their route's response
 * schema and turned into JSON once per route, not on every request: an A&R "demo to revenue" answer
 * of 300 signed demos is 800 kB, whose check and JSON cost about 3.5 ms of the server's CPU each
 * time it was sent (docs/PERFORMANCE.md, "Analytics").
 *
 * A cache marks what it hands out with `markShared`; the serializer compiler (app.ts) wraps each
 * route's serializer with `serializeOnce`. A shared answer must not be changed once marked: the
 * caches that mark them hand the same object to every request already, so none may change it.
 */
const shared = new WeakSet<object>();

/** Marks an answer as shared (served again unchanged); answers it. */
export function markShared<T>(value: T): T {
  if (value !== null && typeof value === 'object') shared.add(value);
  return value;
}

/**
 * `serialize` (one route's status: schema check and JSON) with the JSON of shared answers kept:
 * each shared answer is serialized once by this route, then its JSON is sent again.
 */
export function serializeOnce(serialize: (data: unknown) => string): (data: unknown) => string {
  const kept = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !shared.has(data)) return serialize(data);
    let json = kept.get(data);
    if (json === undefined) {
      json = serialize(data);
      kept.set(data, json);
    }
    return json;
  };
}
