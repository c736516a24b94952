import * as v from "valibot";
import type { LiveValue } from "../../lib/mqtt/ingest";
import { topicToPath } from "../../lib/mqtt/topic";
import { createTopicBudget } from "../../lib/mqtt/topicBudget";
import { lastLiveUpdateAtAtom, liveTopicsAtom, liveValueAtom } from "./atoms";
import type { JotaiStore } from "../../shared/store";
import { recordNewTopics } from "./newTopics";

/** One persisted live leaf. */
export type LiveSnapshotEntry = { topic: string } & LiveValue;

/** Schema of a stored snapshot entry (validated on read, DESIGN §7). */
export const LiveSnapshotEntrySchema = v.object({
  topic: v.string(),
  value: v.unknown(),
  receivedAt: v.pipe(v.number(), v.finite()),
});

/** Every known live leaf with its value and arrival time (for the offline cache, DESIGN §5). */
export function readLiveSnapshot(store: JotaiStore): LiveSnapshotEntry[] {
  return readLiveLeaves(store, store.get(liveTopicsAtom));
}

/**
 * The leaves of `topics` with their value and arrival time (topics with no value are left out), in
 * the order given: what the 5 s snapshot saves, O(topics given).
 */
export function readLiveLeaves(store: JotaiStore, topics: Iterable<string>): LiveSnapshotEntry[] {
  const entries: LiveSnapshotEntry[] = [];
  for (const topic of topics) {
    const value = store.get(liveValueAtom(topic));
    if (value !== undefined) entries.push({ topic, value: value.value, receivedAt: value.receivedAt });
  }
  return entries;
}

/**
 * Restores persisted leaves at boot (DESIGN §5): each keeps its old receivedAt, so it shows as
 * outdated/stale until live data replaces it. Entries that fail validation or have a hostile topic
 * are skipped; a leaf already newer in the store is kept. New topics stop at the live topic cap
 * (MAX_LIVE_TOPICS in all, MAX_FOREIGN_TOPICS outside the namespace, counting the topics
 * already held).
 * @returns how many entries were restored
 */
export function restoreLiveSnapshot(store: JotaiStore, entries: readonly unknown[]): number {
  const known = store.get(liveTopicsAtom);
  const budget = createTopicBudget();
  for (const topic of known) budget.admit(topic);
  let added: Set<string> | undefined;
  let restored = 0;
  let newest = store.get(lastLiveUpdateAtAtom) ?? 0;
  for (const raw of entries) {
    const parsed = v.safeParse(LiveSnapshotEntrySchema, raw);
    if (!parsed.success || topicToPath(parsed.output.topic) === null || !budget.admit(parsed.output.topic)) continue;
    const { topic, value, receivedAt } = parsed.output;
    const valueAtom = liveValueAtom(topic);
    const current = store.get(valueAtom);
    if (current !== undefined && current.receivedAt >= receivedAt) continue;
    store.set(valueAtom, { value, receivedAt });
    restored++;
    if (receivedAt > newest) newest = receivedAt;
    if (!known.has(topic)) (added ??= new Set()).add(topic);
  }
  if (added) recordNewTopics(store.get, store.set, known, added);
  if (newest > 0 && newest !== store.get(lastLiveUpdateAtAtom)) store.set(lastLiveUpdateAtAtom, newest);
  return restored;
}
