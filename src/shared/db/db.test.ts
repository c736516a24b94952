import { afterEach, describe, expect, it, vi } from "vitest";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import * as v from "valibot";
import { Dexie } from "dexie";
import { DashboardDb, withDb } from "./database";
import { getApiResponse, putApiResponse } from "./apiResponses";
import { kvGet, kvSet } from "./kv";
import { loadLiveSnapshot, saveLiveSnapshot } from "./liveSnapshot";

/** A JSON value nested `depth` arrays deep, parsed as the live ingest parses a payload. */
const nested = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));

let open: DashboardDb[] = [];
function freshDb(): DashboardDb {
  const db = new DashboardDb("dashboard", { indexedDB: new IDBFactory(), IDBKeyRange });
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open) db.close();
  open = [];
});

const row = (url: string, fetchedAt: number) => ({
  url,
  status: 200,
  body: JSON.stringify({ items: [] }),
  headers: { "content-type": "application/json" },
  fetchedAt,
});

describe("apiResponses cache", () => {
  it("returns the stored answer for the same URL, query included", async () => {
    const db = freshDb();
    await putApiResponse(db, row("http://127.0.0.1/api/v2/config?x=1", 1000));
    expect((await getApiResponse(db, "http://127.0.0.1/api/v2/config?x=1", 2000))?.fetchedAt).toBe(1000);
    expect(await getApiResponse(db, "http://127.0.0.1/api/v2/config?x=2", 2000)).toBeUndefined();
  });

  it("drops an answer older than the maximum age and deletes it", async () => {
    const db = freshDb();
    await putApiResponse(db, row("http://127.0.0.1/api/v2/config", 0), { maxAgeMs: 10_000, maxEntries: 10 });
    expect(
      await getApiResponse(db, "http://127.0.0.1/api/v2/config", 10_001, { maxAgeMs: 10_000, maxEntries: 10 }),
    ).toBeUndefined();
    expect(await db.apiResponses.count()).toBe(0);
  });

  it("keeps at most maxEntries, evicting the oldest first", async () => {
    const db = freshDb();
    const limits = { maxAgeMs: 1e9, maxEntries: 3 };
    for (let i = 0; i < 5; i++) await putApiResponse(db, row(`http://127.0.0.1/api/v2/r${i}`, 1000 + i), limits);
    const urls = (await db.apiResponses.toArray()).map((r) => r.url).sort();
    expect(urls).toEqual(["http://127.0.0.1/api/v2/r2", "http://127.0.0.1/api/v2/r3", "http://127.0.0.1/api/v2/r4"]);
  });

  it("ignores and deletes a malformed row instead of serving it", async () => {
    const db = freshDb();
    await db.apiResponses.put({
      url: "http://127.0.0.1/api/v2/config",
      status: 500,
      body: "x",
      headers: {},
      fetchedAt: 1,
    });
    expect(await getApiResponse(db, "http://127.0.0.1/api/v2/config", 2)).toBeUndefined();
    expect(await db.apiResponses.count()).toBe(0);
  });

  it("evicts the oldest answers and retries once when the storage quota is exceeded", async () => {
    const db = freshDb();
    for (let i = 0; i < 3; i++) await putApiResponse(db, row(`http://127.0.0.1/api/v2/old${i}`, 100 + i));
    const original = db.apiResponses.put.bind(db.apiResponses);
    const put = vi.spyOn(db.apiResponses, "put");
    put.mockImplementationOnce(() => Dexie.Promise.reject(new DOMException("full", "QuotaExceededError")));
    put.mockImplementation(original);
    await putApiResponse(db, row("http://127.0.0.1/api/v2/new", 1000));
    expect(put).toHaveBeenCalledTimes(2);
    expect((await db.apiResponses.toArray()).map((r) => r.url)).toEqual(["http://127.0.0.1/api/v2/new"]);
  });

  it("refuses to store a row that is not a 2xx answer", async () => {
    const db = freshDb();
    await expect(putApiResponse(db, { ...row("http://127.0.0.1/api/v2/x", 1), status: 503 })).rejects.toThrow(
      TypeError,
    );
  });
});

describe("kv", () => {
  const Prefs = v.object({ appUi: v.picklist(["standard", "car"]) });

  it("round-trips a value validated with the reader's schema", async () => {
    const db = freshDb();
    await kvSet(db, "preferences", { appUi: "car" });
    expect(await kvGet(db, "preferences", Prefs)).toEqual({ appUi: "car" });
  });

  it("treats a value of the wrong shape as absent and deletes it", async () => {
    const db = freshDb();
    await kvSet(db, "preferences", { appUi: "boat" });
    expect(await kvGet(db, "preferences", Prefs)).toBeUndefined();
    expect(await db.kv.get("preferences")).toBeUndefined();
  });
});

describe("liveSnapshot", () => {
  it("keeps each topic's value and old receive time", async () => {
    const db = freshDb();
    await saveLiveSnapshot(db, [
      { topic: "sensor/temp/balcony", value: { value: 3.5, time: "2026-01-01T00:00:00Z" }, receivedAt: 5000 },
    ]);
    expect(await loadLiveSnapshot(db, 6000)).toEqual([
      { topic: "sensor/temp/balcony", value: { value: 3.5, time: "2026-01-01T00:00:00Z" }, receivedAt: 5000 },
    ]);
  });

  it("leaves out and deletes rows with a bad receive time", async () => {
    const db = freshDb();
    await db.liveSnapshot.put({ topic: "sensor/temp/x", value: 1, receivedAt: Number.NaN });
    await saveLiveSnapshot(db, [{ topic: "sensor/temp/y", value: 2, receivedAt: 10 }]);
    expect((await loadLiveSnapshot(db, 20)).map((r) => r.topic)).toEqual(["sensor/temp/y"]);
    expect(await db.liveSnapshot.count()).toBe(1);
  });
});

describe("liveSnapshot: one bad entry never stops the others", () => {
  const good = (topic: string, value: unknown) => ({ topic, value, receivedAt: 1_000 });

  it("saves every other entry when one value is nested 32,000 deep, and skips that one", async () => {
    const db = freshDb();
    const result = await saveLiveSnapshot(db, [
      good("sensor/temp/a", 1),
      good("shellies/x/info", nested(32_000)),
      good("sensor/temp/b", 2),
    ]);
    expect(result).toEqual({ saved: 2, skipped: [{ topic: "shellies/x/info", reason: "depth" }] });
    expect((await loadLiveSnapshot(db, 2_000)).map((r) => r.topic).sort()).toEqual(["sensor/temp/a", "sensor/temp/b"]);
  });

  it("writes the others one by one when IndexedDB refuses a row the checks let through", async () => {
    const db = freshDb();
    // A function passes the row schema (value: unknown) but structured clone refuses it (DataCloneError).
    const result = await saveLiveSnapshot(db, [
      good("sensor/temp/a", 1),
      good("x/fn", () => 1),
      good("sensor/temp/b", 2),
    ]);
    expect(result.saved).toBe(2);
    expect(result.skipped).toEqual([
      { topic: "x/fn", reason: "write", error: expect.stringContaining("DataCloneError") as unknown },
    ]);
    expect((await db.liveSnapshot.toCollection().primaryKeys()).sort()).toEqual(["sensor/temp/a", "sensor/temp/b"]);
  });

  it("skips a row that fails the row schema", async () => {
    const db = freshDb();
    const result = await saveLiveSnapshot(db, [good("sensor/temp/a", 1), { topic: "", value: 1, receivedAt: 1 }]);
    expect(result).toEqual({ saved: 1, skipped: [{ topic: "", reason: "invalid" }] });
  });

  it("accepts a value nested exactly 32 levels", async () => {
    const db = freshDb();
    expect((await saveLiveSnapshot(db, [good("a", nested(32)), good("b", nested(33))])).saved).toBe(1);
  });

  it("writes in chunks and yields between them, so thousands of rows never make one long task", async () => {
    const db = freshDb();
    let yields = 0;
    const rows = Array.from({ length: 450 }, (_, i) => good(`sensor/temp/p${i}`, i));
    rows[301] = good("shellies/deep", nested(100));
    const result = await saveLiveSnapshot(db, rows, { chunkRows: 200, yieldBetween: async () => void yields++ });
    expect(yields).toBe(2);
    expect(result.saved).toBe(449);
    expect(result.skipped).toEqual([{ topic: "shellies/deep", reason: "depth" }]);
    expect(await db.liveSnapshot.count()).toBe(449);
  });

  it("still fails the whole save when the disk is full, so it is retried later", async () => {
    const db = freshDb();
    await db.open();
    vi.spyOn(db.liveSnapshot, "bulkPut").mockImplementation(() =>
      Dexie.Promise.reject(new DOMException("full", "QuotaExceededError")),
    );
    await expect(saveLiveSnapshot(db, [good("sensor/temp/a", 1)])).rejects.toThrow("full");
  });

  it("reads back at most maxRows, deleting the oldest rows beyond them (left by a version without the topic cap)", async () => {
    const db = freshDb();
    await db.liveSnapshot.bulkPut(
      Array.from({ length: 10 }, (_, i) => ({ topic: `sensor/temp/p${i}`, value: i, receivedAt: 1_000 + i })),
    );
    const rows = await loadLiveSnapshot(db, 2_000, 1e9, 4);
    expect(rows.map((r) => r.topic).sort()).toEqual([
      "sensor/temp/p6",
      "sensor/temp/p7",
      "sensor/temp/p8",
      "sensor/temp/p9",
    ]);
    expect(await db.liveSnapshot.count()).toBe(4);
  });
});

describe("withDb", () => {
  it("reopens a connection closed under it and finishes the write", async () => {
    const db = freshDb();
    await db.open();
    db.close({ disableAutoOpen: true });
    await withDb(db, (d) => d.kv.put({ key: "k", value: 1, updatedAt: 1 }));
    expect((await db.kv.get("k"))?.value).toBe(1);
  });
});
