import type { JotaiStore } from "../../shared/store";

/** Topics written since the last {@link takeChangedTopics}, per store (the 5 s snapshot saves only these). */
const changedByStore = new WeakMap<JotaiStore, Set<string>>();

/**
 * Notes that these topics' leaves were written in `store` (each applied live batch). O(topics given):
 * the snapshot then reads only these leaves instead of every topic held.
 */
export function markChangedTopics(store: JotaiStore, topics: Iterable<string>): void {
  let changed = changedByStore.get(store);
  if (!changed) changedByStore.set(store, (changed = new Set()));
  for (const topic of topics) changed.add(topic);
}

/** The topics written since the last call (in the order first written), and forgets them. */
export function takeChangedTopics(store: JotaiStore): ReadonlySet<string> {
  const changed = changedByStore.get(store);
  changedByStore.delete(store);
  return changed ?? new Set();
}
