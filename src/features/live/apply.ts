import type { LiveValue } from "../../lib/mqtt/ingest";
import { liveTopicsAtom, liveValueAtom } from "./atoms";
import type { JotaiStore } from "./store";

/**
 * Writes one ingest batch into the store (DESIGN §4): one `store.set` per topic whose value or
 * arrival time changed, and a new topic set only when a topic is new. Atoms of other topics are not
 * touched, so their readers do not re-render.
 */
export function applyLiveBatch(store: JotaiStore, batch: ReadonlyMap<string, LiveValue>): void {
  const known = store.get(liveTopicsAtom);
  let added: Set<string> | undefined;
  for (const [topic, next] of batch) {
    const valueAtom = liveValueAtom(topic);
    const previous = store.get(valueAtom);
    if (previous !== undefined && Object.is(previous.value, next.value) && previous.receivedAt === next.receivedAt) continue;
    store.set(valueAtom, next);
    if (!known.has(topic)) (added ??= new Set(known)).add(topic);
  }
  if (added) store.set(liveTopicsAtom, added);
}
