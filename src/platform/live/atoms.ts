import { atom, type PrimitiveAtom } from "jotai";
import { emptyIngestStats, type IngestStats, type LiveValue } from "../../lib/mqtt/ingest";
import { createFamily } from "../../lib/state/family";
import { isLiveConnected, type LiveConnectionState } from "../../shared/liveConnection";

export type { LiveValue, IngestStats } from "../../lib/mqtt/ingest";
export type { LiveConnectionState } from "../../shared/liveConnection";

/** The last live-connection event (spec §4); "idle" until the connection starts. */
export const liveConnectionStateAtom = atom<LiveConnectionState>("idle");

/** True while the live connection is connected (spec §2: otherwise the top bar shows a red spinner). */
export const liveConnectedAtom = atom((get) => isLiveConnected(get(liveConnectionStateAtom)));

/**
 * The atom of one live topic leaf (DESIGN §4: one atom per topic, so one message re-renders only
 * the tiles that read it): the newest value and when it arrived, undefined until the first message.
 * The same topic always gives the same atom. These hold the live state itself, so they are kept (the
 * ingest's topic cap bounds how many there are); the families derived from them are released.
 */
export const liveValueAtom = createFamily((topic: string): PrimitiveAtom<LiveValue | undefined> => {
  const valueAtom = atom<LiveValue | undefined>(undefined);
  valueAtom.debugLabel = `live:${topic}`;
  return valueAtom;
});

/**
 * The last levels of the topics seen under `parent` (`power/lamp` -> `["POWER1", "POWER2"]`), in
 * the order they first arrived; a new array only when a topic is new under it. Lets a reader of "all
 * of a device's relays" follow only that device instead of every topic.
 */
export const liveChildrenAtom = createFamily((parent: string): PrimitiveAtom<readonly string[]> => {
  const childrenAtom = atom<readonly string[]>([]);
  childrenAtom.debugLabel = `live-children:${parent}`;
  return childrenAtom;
});

/** Splits a topic into its parent and last level (`a/b/c` -> `["a/b", "c"]`; `a` -> `["", "a"]`). */
export function splitTopic(topic: string): [parent: string, child: string] {
  const slash = topic.lastIndexOf("/");
  return slash < 0 ? ["", topic] : [topic.slice(0, slash), topic.slice(slash + 1)];
}

/**
 * When the newest live value arrived (epoch ms), restored ones included; null before any. The
 * offline notice shows it as the time of the last update. Written once per applied batch.
 */
export const lastLiveUpdateAtAtom = atom<number | null>(null);

/**
 * Every topic seen so far, in the order first seen. The store's own Set is made with its first
 * topics and then grows in place (O(new topics) per batch, not a copy of all held), so it
 * notifies no subscriber when it grows: read it with `store.get` when needed (snapshot, ingest start),
 * and to follow new topics under one parent use liveChildrenAtom.
 */
export const liveTopicsAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * Ingest counters (received, applied, dropped per reason, unchanged, topics held), updated once per
 * applied batch; `window.__liveStats()` shows them (benchmarks, the live-limits e2e test).
 */
export const liveStatsAtom = atom<IngestStats>(emptyIngestStats());
