/**
 * Joins and leaves of this tab go out one after another: a page that unmounts and mounts again at
 * once (React's development double effects, a quick reload of the route) must not have its leave
 * overtake the next join. Module state, shared by join-call and leave-call.
 */
let membershipChain: Promise<unknown> = Promise.resolve();

/** Runs `task` once every join or leave queued before it has settled. */
export function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = membershipChain.then(task, task);
  membershipChain = run.catch(() => undefined);
  return run;
}
