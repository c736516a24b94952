import type { PersistedPart } from "../../lib/session/persisted";
import { liveStatsAtom } from "./atoms";
import { markChangedTopics, takeChangedTopics } from "./changes";

/** The snapshot code loads with the persistence chunk, not the first screen. */
const loadSnapshot = () => import("./snapshot");

/**
 * The live state's snapshot as a persisted part (DESIGN §5): restored at start with each leaf's OLD
 * receive time (tiles show outdated/stale until live data confirms them); saved every 5 s, only the
 * leaves written since the last save (markChangedTopics: the save reads those, never every topic
 * held) whose arrival time is not saved yet; deleted on logout. A save that fails keeps its
 * topics for the next one.
 *
 * A snapshot entry IndexedDB cannot take (a value nested too deep) never stops the
 * others: saveLiveSnapshot skips it, it is logged once (console.warn) and counted in `skipped()`, and
 * it is not tried again until its topic brings a new value.
 */
export const liveSnapshotPersisted: PersistedPart = {
  name: "liveSnapshot",
  restore: async ({ store, db, dbm }) => {
    const { restoreLiveSnapshot } = await loadSnapshot();
    return restoreLiveSnapshot(store, await dbm.loadLiveSnapshot(db));
  },
  start({ store, db, dbm }) {
    const persisted = new Map<string, number>();
    let skippedCount = 0;
    return {
      // The ingest's applied counter says when something changed; once a minute the leaves are
      // compared anyway (cheap: only changed leaves are written), in case a batch landed after its count.
      version: () => `${store.get(liveStatsAtom).applied}:${Math.floor(Date.now() / 60_000)}`,
      async save() {
        const { readLiveLeaves } = await loadSnapshot();
        const topics = takeChangedTopics(store);
        const changed = readLiveLeaves(store, topics).filter(
          (entry) => persisted.get(entry.topic) !== entry.receivedAt,
        );
        let skipped: Array<{ topic: string }>;
        try {
          ({ skipped } = await dbm.saveLiveSnapshot(db, changed));
        } catch (error) {
          markChangedTopics(store, topics);
          throw error;
        }
        for (const entry of changed) persisted.set(entry.topic, entry.receivedAt);
        if (skipped.length > 0) {
          skippedCount += skipped.length;
          console.warn(`live snapshot: ${skipped.length} entries not saved`, skipped.slice(0, 10));
        }
      },
      clear: async () => {
        persisted.clear();
        takeChangedTopics(store);
        await dbm.clearLiveSnapshot(db);
      },
      skipped: () => skippedCount,
    };
  },
};
