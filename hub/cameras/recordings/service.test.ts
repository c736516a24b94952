import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { BrokerLink } from "../../broker/link";
import { openDb } from "../../domains";
import { type Db } from "../../core/db";
import { tempDir } from "../../testing/harness";
import { HouseholdCameraSchema } from "../household";
import { CameraService } from "../service";
import { CameraEditStore } from "../store";
import * as v from "valibot";
import { ClipFiles } from "./clip";
import { RecordingsService } from "./service";
import { RecordingStore } from "./store";

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

function setUp(limits = { maxAgeMs: 7 * 24 * 3600_000, maxBytes: 1e9 }) {
  const dir = tempDir("recordings-test-");
  const db: Db = openDb(dir);
  const published: string[] = [];
  const link: BrokerLink = {
    description: "fake",
    publish: (topic) => void published.push(topic),
    subscribe: () => {},
    publishCommand: async () => {},
    close: async () => {},
  };
  const cameras = new CameraService(
    [v.parse(HouseholdCameraSchema, { id: "brama", label: "Brama" })],
    new CameraEditStore(db),
    link,
  );
  const files = new ClipFiles(join(dir, "recordings"));
  const store = new RecordingStore(db);
  const service = (clock: () => number = Date.now) =>
    new RecordingsService({ store, files, cameras, link, log: silent, limits, clipMs: 450, now: clock }).start();
  return { dir, db, files, store, cameras, published, service };
}

describe("RecordingsService", () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  it("records a clip of the camera's frames to a file and a row, flags motion while recording and announces it", async () => {
    const { files, cameras, published, service, db } = setUp();
    closers.push(
      () => cameras.close(),
      () => db.close(),
    );
    const recordings = service();
    const recording = await recordings.record("brama");
    expect(recording).toMatchObject({ cameraId: "brama", locked: false });
    expect(files.read(recording!.id).length).toBeGreaterThanOrEqual(1);
    expect(recordings.list("brama").map((item) => item.id)).toEqual([recording!.id]);
    expect(published).toContain("camera/config");
    expect(published).toContain("camera/recordings/brama");
    expect(await recordings.record("nie-ma")).toBeNull();
  });

  it("prunes unlocked recordings over the size cap after a new one, oldest first, and keeps locked ones", async () => {
    const { cameras, service, db, files } = setUp({ maxAgeMs: 7 * 24 * 3600_000, maxBytes: 1 });
    closers.push(
      () => cameras.close(),
      () => db.close(),
    );
    const recordings = service();
    const first = (await recordings.record("brama"))!;
    expect(recordings.list()).toEqual([]); // over the 1-byte cap: pruned right after it was made
    const second = (await recordings.record("brama"))!;
    expect(second.id).not.toBe(first.id);
    // a locked one survives every later prune
    const store = new RecordingStore(db);
    const kept = store.insert({ id: "rec-locked", cameraId: "brama", startedAtMs: 0, durationMs: 5000, bytes: 100 });
    files.write(kept.id, Buffer.from("x"));
    store.toggleLock(kept.id);
    recordings.prune();
    expect(recordings.list().map((item) => [item.id, item.locked])).toEqual([["rec-locked", true]]);
  });

  it("at start drops a row without a file and deletes a file without a row (and a half-written one)", () => {
    const { files, store, cameras, service, db } = setUp();
    closers.push(
      () => cameras.close(),
      () => db.close(),
    );
    store.insert({ id: "rec-row-only", cameraId: "brama", startedAtMs: Date.now(), durationMs: 5000, bytes: 10 });
    files.write("rec-file-only", Buffer.from("x"));
    writeFileSync(`${files.path("rec-half")}.part`, "x");
    store.insert({ id: "rec-both", cameraId: "brama", startedAtMs: Date.now(), durationMs: 5000, bytes: 1 });
    files.write("rec-both", Buffer.from("x"));
    const recordings = service();
    expect(recordings.list().map((item) => item.id)).toEqual(["rec-both"]);
    expect(existsSync(files.path("rec-file-only"))).toBe(false);
    expect(existsSync(`${files.path("rec-half")}.part`)).toBe(false);
    expect(existsSync(files.path("rec-both"))).toBe(true);
  });
});
