import type { ClientIdLocks } from "./clientIdLock";

/**
 * An in-memory stand-in for the Web Locks API's exclusive `request` (Node has no `navigator.locks`), as
 * the specification behaves: granted in request order, `ifAvailable` answers `null` when held, a waiting
 * request's `signal` aborts it with an AbortError, and a lock is held until the callback's promise settles.
 * For tests; `held()` lists the names held now.
 */
export function webLocks(): ClientIdLocks & { held(): string[] } {
  const holders = new Set<string>();
  const queues = new Map<string, Array<() => void>>();
  const grant = <T>(name: string, callback: (lock: Lock | null) => T | PromiseLike<T>): Promise<T> => {
    holders.add(name);
    return Promise.resolve()
      .then(() => callback({ name, mode: "exclusive" } as Lock))
      .finally(() => {
        holders.delete(name);
        queues.get(name)?.shift()?.();
      });
  };
  const request = <T>(
    name: string,
    options: LockOptions,
    callback: (lock: Lock | null) => T | PromiseLike<T>,
  ): Promise<T> => {
    if (!holders.has(name)) return grant(name, callback);
    if (options.ifAvailable === true) return Promise.resolve().then(() => callback(null));
    return new Promise<T>((resolve, reject) => {
      const queue = queues.get(name) ?? [];
      queues.set(name, queue);
      const start = () => {
        options.signal?.removeEventListener("abort", abort);
        grant(name, callback).then(resolve, reject);
      };
      const abort = () => {
        const at = queue.indexOf(start);
        if (at >= 0) queue.splice(at, 1);
        reject(new DOMException("aborted", "AbortError"));
      };
      options.signal?.addEventListener("abort", abort, { once: true });
      queue.push(start);
    });
  };
  return { request: request as ClientIdLocks["request"], held: () => [...holders] };
}
