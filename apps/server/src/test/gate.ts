/** A promise the test settles when it chooses: a computation held, a lock kept, a step awaited. */
export function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}
