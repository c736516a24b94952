import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { openDb } from "../domains";
import { type Db } from "../core/db";
import { tempDir } from "../testing/harness";
import { GpsStore } from "./store";

let db: Db;
let dir: string;
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
const open = () => {
  dir = tempDir("gps-store-");
  db = openDb(dir);
  return db;
};
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 5, 21, 12);

describe("GpsStore track bounding", () => {
  it("keeps only the last maxHours: older points are deleted on insert and never served", () => {
    const store = new GpsStore(open(), { maxHours: 2, maxPoints: 100 });
    store.addPoint("kot", { lat: 1, lon: 1, timeMs: NOW - 3 * HOUR }, NOW - 3 * HOUR);
    store.addPoint("kot", { lat: 2, lon: 2, timeMs: NOW - 1.5 * HOUR }, NOW - 1.5 * HOUR);
    expect(store.count("kot")).toBe(2);
    store.addPoint("kot", { lat: 3, lon: 3, timeMs: NOW }, NOW);
    expect(store.count("kot")).toBe(2);
    expect(store.track("kot", 24, NOW).map((p) => p.lat)).toEqual([2, 3]);
    expect(store.track("kot", 1, NOW).map((p) => p.lat)).toEqual([3]);
  });

  it("keeps at most maxPoints per tracker, dropping the oldest", () => {
    const store = new GpsStore(open(), { maxHours: 24, maxPoints: 5 });
    for (let i = 0; i < 12; i++) store.addPoint("kot", { lat: i, lon: 0, timeMs: NOW - (12 - i) * 60_000 }, NOW);
    store.addPoint("pies", { lat: 50, lon: 0, timeMs: NOW }, NOW);
    expect(store.count("kot")).toBe(5);
    expect(store.track("kot", 24, NOW).map((p) => p.lat)).toEqual([7, 8, 9, 10, 11]);
    expect(store.count("pies")).toBe(1);
  });

  it("does not store a fix already older than the window, and answers oldest first with ISO times", () => {
    const store = new GpsStore(open(), { maxHours: 1, maxPoints: 10 });
    store.addPoint("kot", { lat: 1, lon: 1, timeMs: NOW - 2 * HOUR }, NOW);
    store.addPoint("kot", { lat: 2, lon: 2, timeMs: NOW - 60_000 }, NOW);
    store.addPoint("kot", { lat: 3, lon: 3, timeMs: NOW - 120_000 }, NOW);
    expect(store.track("kot", 1, NOW)).toEqual([
      { lat: 3, lon: 3, time: new Date(NOW - 120_000).toISOString() },
      { lat: 2, lon: 2, time: new Date(NOW - 60_000).toISOString() },
    ]);
  });

  it("stores the notifications switch, off until set", () => {
    const store = new GpsStore(open());
    expect(store.notifications()).toBe(false);
    store.setNotifications(true);
    expect(new GpsStore(db).notifications()).toBe(true);
    store.setNotifications(false);
    expect(store.notifications()).toBe(false);
  });
});
