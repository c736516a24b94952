import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { createStore } from "jotai";
import { DashboardDb, loadLiveSnapshot } from "../../shared/db";
import { sessionAtom } from "../auth/atoms";
import { createIngest } from "../../lib/mqtt/ingest";
import { applyLiveBatch } from "../live/apply";
import { liveStatsAtom, liveValueAtom } from "../live/atoms";
import { preferencesAtom } from "../preferences/atoms";
import { restoreOfflineState, startPersistence } from "./persistence";
import { readLocalCache } from "./localCache";
import { liveSnapshotPersisted } from "../live/persisted";
import { preferencesPersisted } from "../preferences/persisted";

/** What the app persists (src/app/persistedParts.ts). */
const PARTS = [preferencesPersisted, liveSnapshotPersisted];

const TOPIC = "sensor/temp/balcony_persist_test";

/** A message as the live ingest applies it (applyLiveBatch) and counts it. */
function publish(store: ReturnType<typeof createStore>, value: unknown, receivedAt: number): void {
  applyLiveBatch(store, new Map([[TOPIC, { value, receivedAt }]]));
  store.set(liveStatsAtom, (s) => ({ ...s, applied: s.applied + 1 }));
}

describe("offline persistence", () => {
  let db: DashboardDb;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    db = new DashboardDb("dashboard", { indexedDB: new IDBFactory(), IDBKeyRange });
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    db.close();
  });

  it("persists the live snapshot every 5 s while it changes, and a new page restores it with the old receive time", async () => {
    const store = createStore();
    const { stop } = startPersistence(store, db, 5000, PARTS);
    const receivedAt = Date.now() - 10 * 60_000;
    publish(store, { value: 3.5, time: "2026-11-20T10:00:00Z" }, receivedAt);
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(async () => expect(await loadLiveSnapshot(db)).toHaveLength(1));
    stop();

    const next = createStore();
    expect(await restoreOfflineState(next, db, PARTS)).toBe(1);
    expect(next.get(liveValueAtom(TOPIC))).toEqual({ value: { value: 3.5, time: "2026-11-20T10:00:00Z" }, receivedAt });
  });

  it("persists preferences to IndexedDB and the localStorage cache, and restores them", async () => {
    const store = createStore();
    const { stop } = startPersistence(store, db, 5000, PARTS);
    store.set(preferencesAtom, (p) => ({ ...p, appUi: "car" as const }));
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(() => expect(readLocalCache()?.preferences).toMatchObject({ appUi: "car" }));
    stop();
    const next = createStore();
    await restoreOfflineState(next, db, PARTS);
    expect(next.get(preferencesAtom).appUi).toBe("car");
  });

  it("remembers the logged-in user and that the session was locked; a logout forgets everything", async () => {
    const store = createStore();
    const { stop } = startPersistence(store, db, 5000, PARTS);
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    expect(readLocalCache()).toMatchObject({ login: "demo", locked: false });
    store.set(sessionAtom, { status: "locked" });
    expect(readLocalCache()).toMatchObject({ login: "demo", locked: true });
    publish(store, 1, Date.now());
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(async () => expect(await db.liveSnapshot.count()).toBe(1));
    store.set(sessionAtom, { status: "loggedOut" });
    expect(readLocalCache()).toBeNull();
    await vi.waitFor(async () => expect(await db.liveSnapshot.count()).toBe(0));
    stop();
  });

  it("a retained payload nested 32,000 deep is dropped by the real ingest, and the snapshot is still saved", async () => {
    const store = createStore();
    const ingest = createIngest({
      schedule: () => undefined,
      apply: (batch) => {
        applyLiveBatch(store, batch);
        store.set(liveStatsAtom, ingest.stats());
      },
    });
    const { stop } = startPersistence(store, db, 5000, PARTS);
    const encode = (text: string) => new TextEncoder().encode(text);
    ingest.push("shellies/deep/info", encode("[".repeat(32_000) + "]".repeat(32_000)));
    ingest.push(TOPIC, encode('{"value":3.5,"time":"2026-11-22T10:00:00Z"}'));
    ingest.flush();
    expect(ingest.stats()).toMatchObject({ applied: 1, droppedBy: { depth: 1 } });
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(async () => expect((await loadLiveSnapshot(db)).map((r) => r.topic)).toEqual([TOPIC]));
    stop();
  });

  it("a value IndexedDB cannot take never stops the other entries; it is logged once and not retried", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const store = createStore();
      const persistence = startPersistence(store, db, 5000, PARTS);
      const deep: unknown = JSON.parse("[".repeat(32_000) + "]".repeat(32_000));
      // Written straight into the live state, as no ingest would: the save must cope anyway.
      applyLiveBatch(
        store,
        new Map([
          ["shellies/deep/info", { value: deep, receivedAt: Date.now() }],
          [TOPIC, { value: { value: 1 }, receivedAt: Date.now() }],
        ]),
      );
      store.set(liveStatsAtom, (s) => ({ ...s, applied: s.applied + 2 }));
      await vi.advanceTimersByTimeAsync(5000);
      await vi.waitFor(async () => expect((await loadLiveSnapshot(db)).map((r) => r.topic)).toEqual([TOPIC]));
      applyLiveBatch(store, new Map([[TOPIC, { value: { value: 2 }, receivedAt: Date.now() + 1 }]]));
      store.set(liveStatsAtom, (s) => ({ ...s, applied: s.applied + 1 }));
      await vi.advanceTimersByTimeAsync(5000);
      await vi.waitFor(async () => expect((await loadLiveSnapshot(db))[0]?.value).toEqual({ value: 2 }));
      expect(persistence.snapshotSkipped()).toBe(1);
      expect(warn.mock.calls.filter(([message]) => String(message).startsWith("live snapshot:"))).toHaveLength(1);
      persistence.stop();
    } finally {
      warn.mockRestore();
    }
  });
});
