/** The part of the Web Locks API (`navigator.locks`) {@link holdClientId} uses. */
export type ClientIdLocks = Pick<LockManager, "request">;

/** The Web Locks name under which a tab holds MQTT client id `clientId`. */
export function clientIdLockName(clientId: string): string {
  return `mqtt-client-id:${clientId}`;
}

/** This context's Web Locks (a page or a worker), or undefined where there are none (an insecure context, an old browser). */
export function contextLocks(): ClientIdLocks | undefined {
  return (globalThis as { navigator?: { locks?: ClientIdLocks } }).navigator?.locks;
}

/**
 * Holds MQTT client id `clientId` for one tab of this browser at a time. A broker disconnects the older
 * of two connections with one client id, and both reconnect every second, so two tabs sharing one
 * would knock each other off forever. With Web Locks (exclusive lock {@link clientIdLockName}):
 * `connectWith(clientId)` at once when no other tab holds it; otherwise `connectWith(undefined)` at once (connect with a
 * random id) and `connectWith(clientId)` later, when the tab holding it closes. Without Web Locks (or when
 * the request fails): `connectWith(clientId)` at once. `connectWith` is called at most twice and never after release.
 * @returns release: lets the id go (the next waiting tab gets it) and stops waiting for it
 */
export function holdClientId(
  clientId: string,
  connectWith: (clientId: string | undefined) => void,
  locks: ClientIdLocks | undefined = contextLocks(),
): () => void {
  if (locks === undefined) {
    connectWith(clientId);
    return () => undefined;
  }
  let released = false;
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const abort = new AbortController();
  const hold = (): Promise<void> => {
    if (released) return Promise.resolve();
    connectWith(clientId);
    return held;
  };
  const name = clientIdLockName(clientId);
  locks
    .request(name, { ifAvailable: true }, (lock) => {
      if (lock !== null) return hold();
      if (released) return undefined;
      connectWith(undefined);
      locks.request(name, { signal: abort.signal }, hold).catch(() => undefined); // aborted on release
      return undefined;
    })
    .catch(() => {
      if (!released) connectWith(clientId);
    });
  return () => {
    released = true;
    abort.abort();
    letGo();
  };
}
