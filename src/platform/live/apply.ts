import { atom } from "jotai";
import type { LiveValue } from "../../lib/mqtt/ingest";
import { lastLiveUpdateAtAtom, liveTopicsAtom, liveValueAtom } from "./atoms";
import type { JotaiStore } from "../../shared/store";
import { markChangedTopics } from "./changes";
import { recordNewTopics } from "./newTopics";

/**
 * One write for a whole batch: Jotai notifies subscribers once after the write instead of once per
 * topic, which matters for a burst of retained messages on connect (DESIGN §6).
 */
const applyBatchAtom = atom(null, (get, set, batch: ReadonlyMap<string, LiveValue>) => {
  const known = get(liveTopicsAtom);
  let added: Set<string> | undefined;
  let newest = get(lastLiveUpdateAtAtom) ?? 0;
  for (const [topic, next] of batch) {
    if (next.receivedAt > newest) newest = next.receivedAt;
    const valueAtom = liveValueAtom(topic);
    const previous = get(valueAtom);
    if (previous !== undefined && Object.is(previous.value, next.value) && previous.receivedAt === next.receivedAt)
      continue;
    set(valueAtom, next);
    if (!known.has(topic)) (added ??= new Set()).add(topic);
  }
  if (added) recordNewTopics(get, set, known, added);
  if (newest > 0 && newest !== get(lastLiveUpdateAtAtom)) set(lastLiveUpdateAtAtom, newest);
});

/**
 * Writes one ingest batch into the store (DESIGN §4): one atom write per topic whose value or
 * arrival time changed, and the new topics recorded (the topic set, the parent's children,
 * liveChildrenAtom) only when a topic is new. Atoms of other topics are not touched, so their readers
 * do not re-render. O(batch size) whatever the number of topics held; the batch's topics
 * are noted for the next snapshot save (markChangedTopics).
 */
export function applyLiveBatch(store: JotaiStore, batch: ReadonlyMap<string, LiveValue>): void {
  store.set(applyBatchAtom, batch);
  markChangedTopics(store, batch.keys());
}
