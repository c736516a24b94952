import type { Atom } from "jotai";
import type { JotaiStore } from "../../shared/store";

/** What {@link until} needs of the store: read an atom and subscribe to its changes. */
export type WatchableStore = Pick<JotaiStore, "get" | "sub">;

/**
 * Waits for a state (DESIGN §4a: a device's echo on the live channel confirms a command): resolves
 * true as soon as `done(value)` holds for `state`'s value (at once when it already does), false
 * after `timeoutMs` ms without it. Subscribes to `state` in the store while it waits (no polling,
 * so a confirmation shows in the same frame it arrives) and unsubscribes however it ends. Never rejects.
 */
export function until<T>(
  store: WatchableStore,
  state: Atom<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<boolean> {
  if (done(store.get(state))) return Promise.resolve(true);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (confirmed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(confirmed);
    };
    const unsubscribe = store.sub(state, () => {
      if (done(store.get(state))) finish(true);
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
  });
}
