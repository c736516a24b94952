import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as dbm from "../../shared/db";
import { DashboardDb, loadLiveSnapshot } from "../../shared/db";
import { applyLiveBatch } from "./apply";
import { liveTopicsAtom } from "./atoms";
import { liveSnapshotPersisted } from "./persisted";

/** Arrival times of this test: recent, as loadLiveSnapshot drops rows older than 7 days. */
const T0 = Date.now();
const leaf = (value: unknown, tick: number) => ({ value, receivedAt: T0 + tick });

describe("live snapshot saves (only the leaves written since the last save, never every topic held)", () => {
  let db: DashboardDb;
  beforeEach(() => {
    db = new DashboardDb("dashboard", { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    db.close();
  });

  it("saves only the leaves written since the last save, in the order written, each with its newest value", async () => {
    const store = createStore();
    const save = vi.spyOn(dbm, "saveLiveSnapshot");
    const saver = liveSnapshotPersisted.start({ store, db, dbm });
    applyLiveBatch(store, new Map(Array.from({ length: 2_000 }, (_, i) => [`persist9/held/${i}`, leaf(i, 1)])));
    await saver.save();
    expect(save.mock.calls[0]?.[1]).toHaveLength(2_000);

    applyLiveBatch(
      store,
      new Map([
        ["persist9/held/7", leaf("a", 2)],
        ["persist9/new/x", leaf("b", 2)],
      ]),
    );
    applyLiveBatch(store, new Map([["persist9/held/7", leaf("c", 3)]]));
    await saver.save();
    expect(save.mock.calls[1]?.[1]).toEqual([
      { topic: "persist9/held/7", value: "c", receivedAt: T0 + 3 },
      { topic: "persist9/new/x", value: "b", receivedAt: T0 + 2 },
    ]);
    expect(store.get(liveTopicsAtom).size).toBe(2_001);

    await saver.save();
    expect(save.mock.calls[2]?.[1]).toEqual([]);
    expect((await loadLiveSnapshot(db)).find((row) => row.topic === "persist9/held/7")?.value).toBe("c");
  });

  it("keeps the topics of a save that failed for the next one, so nothing written is lost", async () => {
    const store = createStore();
    const save = vi.spyOn(dbm, "saveLiveSnapshot").mockRejectedValueOnce(new Error("QuotaExceededError"));
    const saver = liveSnapshotPersisted.start({ store, db, dbm });
    applyLiveBatch(store, new Map([["persist9/fail/a", leaf(1, 1)]]));
    await expect(saver.save()).rejects.toThrow("QuotaExceededError");
    applyLiveBatch(store, new Map([["persist9/fail/b", leaf(2, 2)]]));
    await saver.save();
    expect(save.mock.calls[1]?.[1]?.map((row) => row.topic)).toEqual(["persist9/fail/a", "persist9/fail/b"]);
    expect((await loadLiveSnapshot(db)).map((row) => row.topic).sort()).toEqual(["persist9/fail/a", "persist9/fail/b"]);
  });

  it("does not write restored leaves back; a logout forgets what was waiting to be saved", async () => {
    await dbm.saveLiveSnapshot(db, [{ topic: "persist9/restored/a", value: 1, receivedAt: Date.now() - 1_000 }]);
    const store = createStore();
    expect(await liveSnapshotPersisted.restore({ store, db, dbm }, false)).toBe(1);
    const save = vi.spyOn(dbm, "saveLiveSnapshot");
    const saver = liveSnapshotPersisted.start({ store, db, dbm });
    await saver.save();
    expect(save.mock.calls[0]?.[1]).toEqual([]);

    applyLiveBatch(store, new Map([["persist9/restored/b", leaf(2, 0)]]));
    await saver.clear();
    await saver.save();
    expect(save.mock.calls[1]?.[1]).toEqual([]);
  });
});
