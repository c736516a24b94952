import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BrokerLink } from "../../broker/link";
import { openDb } from "../../domains";
import { startRtspCamera } from "../../simulator/rtsp-camera";
import { tempDir, until } from "../../testing/harness";
import { DEMO_CLIP_DIR } from "../hls/demo";
import { findFfmpeg } from "../hls/ffmpeg";
import { CameraRecordSchema } from "./clips-config";
import { ClipFolder } from "./clips-files";
import { ClipRecorder } from "./clips-source";
import { ClipStore } from "./clips-store";
import { mp4DurationMs } from "./ffmpeg-mp4";
import type { PruneLimits } from "./prune";

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const DAY = 24 * 3600_000;
const ffmpeg = findFfmpeg();
const record = v.parse(CameraRecordSchema, { seconds: 5 });

/** 2 s of the demo clip's H.264 as fragmented MP4 (what a clip's ffmpeg leaves while recording) and as a finished MP4. */
const media = { rec: "", mp4: "" };
beforeAll(() => {
  const dir = tempDir("clips-media-");
  media.rec = join(dir, "seg0.rec");
  media.mp4 = join(dir, "seg0.mp4");
  const input = join(DEMO_CLIP_DIR, "seg0.mpegts");
  const run = (args: string[]) => execFileSync(ffmpeg!, ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  run(["-i", input, "-c", "copy", "-f", "mp4", "-movflags", "+frag_keyframe+empty_moov", media.rec]);
  run(["-i", input, "-c", "copy", "-f", "mp4", "-movflags", "+faststart", media.mp4]);
});

function setUp(
  options: {
    limits?: PruneLimits;
    now?: () => number;
    concurrent?: number;
    urls?: string[];
    enabled?: (cameraId: string) => boolean;
  } = {},
) {
  const dir = tempDir("clips-test-");
  const db = openDb(dir);
  const published: string[] = [];
  const link: Pick<BrokerLink, "publish"> = { publish: (topic) => void published.push(topic) };
  const folder = new ClipFolder(join(dir, "clips"));
  const store = new ClipStore(db);
  const recorder = () =>
    new ClipRecorder({
      cameras: (options.urls ?? ["rtsp://127.0.0.1:9/none"]).map((url, index) => ({
        id: `kamera${index}`,
        url,
        record,
      })),
      store,
      folder,
      ffmpeg,
      link,
      log: silent,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.concurrent ? { concurrent: options.concurrent } : {}),
      ...(options.enabled ? { enabled: options.enabled } : {}),
    });
  /** A finished clip of `kamera0` that started `ageMs` ago: its row, the MP4 and a snapshot. */
  const finished = (id: string, ageMs: number, locked = false) => {
    store.begin({ id, cameraId: "kamera0", startedAtMs: Date.now() - ageMs });
    copyFileSync(media.mp4, folder.path(id, "mp4"));
    writeFileSync(folder.path(id, "jpg"), "jpeg");
    store.complete(id, { durationMs: 2000, bytes: folder.size(id, "mp4")!, snapshot: true });
    if (locked) store.toggleLock(id);
  };
  return { db, folder, store, recorder, finished, published };
}

describe("ffmpeg clips: pruning and restart", () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  it("prunes unlocked clips older than the age limit with their files; a locked one stays however old", async () => {
    const { db, folder, recorder, finished, published } = setUp();
    closers.push(() => db.close());
    finished("clip-1000-0000000a", 8 * DAY);
    finished("clip-2000-0000000b", 9 * DAY, true);
    finished("clip-3000-0000000c", 1 * DAY);
    const clips = recorder().start();
    await clips.ready;
    expect(clips.list().map((clip) => [clip.id, clip.locked])).toEqual([
      ["clip-3000-0000000c", false],
      ["clip-2000-0000000b", true],
    ]);
    expect(existsSync(folder.path("clip-1000-0000000a", "mp4"))).toBe(false);
    expect(existsSync(folder.path("clip-1000-0000000a", "jpg"))).toBe(false);
    expect(published).toContain("camera/recordings/kamera0");
  });

  it("prunes the oldest unlocked clips while all of them are over the size limit; locked ones count but stay", async () => {
    const size = execFileSync("stat", ["-c", "%s", media.mp4]).toString().trim();
    const { db, recorder, finished } = setUp({ limits: { maxAgeMs: 7 * DAY, maxBytes: Number(size) * 2.5 } });
    closers.push(() => db.close());
    finished("clip-1000-0000000a", 5_000, true);
    finished("clip-2000-0000000b", 4_000);
    finished("clip-3000-0000000c", 3_000);
    finished("clip-4000-0000000d", 2_000);
    const clips = recorder().start();
    await clips.ready;
    expect(clips.list().map((clip) => clip.id)).toEqual(["clip-4000-0000000d", "clip-1000-0000000a"]);
    // the lock toggled through the recorder holds through the next prune too
    clips.toggleLock("clip-4000-0000000d");
    finished("clip-5000-0000000e", 1_000);
    clips.prune();
    expect(clips.list().map((clip) => clip.id)).toEqual(["clip-4000-0000000d", "clip-1000-0000000a"]);
  });

  it("at start finishes a clip whose ffmpeg was cut off, drops rows without a usable file, deletes files without a row", async () => {
    const { db, folder, store, recorder, finished } = setUp();
    closers.push(() => db.close());
    store.begin({ id: "clip-1000-0000000a", cameraId: "kamera0", startedAtMs: Date.now() - 60_000 });
    copyFileSync(media.rec, folder.path("clip-1000-0000000a", "rec"));
    store.begin({ id: "clip-2000-0000000b", cameraId: "kamera0", startedAtMs: Date.now() - 50_000 });
    writeFileSync(folder.path("clip-2000-0000000b", "rec"), "ffmpeg died before writing anything");
    store.begin({ id: "clip-3000-0000000c", cameraId: "kamera0", startedAtMs: Date.now() - 40_000 });
    finished("clip-4000-0000000d", 30_000);
    folder.remove("clip-4000-0000000d", ["mp4"]);
    writeFileSync(folder.path("clip-5000-0000000e", "mp4"), "no row");
    writeFileSync(folder.path("clip-6000-0000000f", "jpg", true), "half-written");
    writeFileSync(join(folder.dir, "notes.txt"), "not the recorder's");
    const clips = recorder().start();
    await clips.ready;
    const [recovered, ...rest] = clips.list();
    expect(rest).toEqual([]);
    expect(recovered).toMatchObject({ id: "clip-1000-0000000a", media: "mp4", snapshot: true });
    expect(Math.abs(recovered!.durationMs - 2000)).toBeLessThan(100);
    expect(mp4DurationMs(folder.path("clip-1000-0000000a", "mp4"))).toBe(recovered!.durationMs);
    expect(clips.snapshot("clip-1000-0000000a").subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(readdirSync(folder.dir).sort()).toEqual(["clip-1000-0000000a.jpg", "clip-1000-0000000a.mp4", "notes.txt"]);
    expect(store.all().map((clip) => clip.id)).toEqual(["clip-1000-0000000a"]);
  });

  it("records at most `concurrent` clips at once, none of a disabled camera; closing the hub kills their ffmpeg", async () => {
    const rtsp = await startRtspCamera();
    const { db, recorder } = setUp({
      concurrent: 1,
      urls: [rtsp.url, rtsp.url, rtsp.url],
      enabled: (cameraId) => cameraId !== "kamera2",
    });
    const clips = recorder().start();
    closers.push(() => db.close());
    clips.motion("kamera2", true);
    clips.motion("kamera0", true);
    clips.motion("kamera1", true);
    clips.motion("nie-ma", true);
    expect(clips.recording()).toEqual(["kamera0"]);
    await until(() => rtsp.playing === 1, 8_000);
    clips.close();
    await until(() => rtsp.playing === 0, 8_000);
    await rtsp.close();
  }, 20_000);

  it("reads a clip's duration from its movie header, none from what is not an MP4", () => {
    const dir = tempDir("clips-mp4-");
    writeFileSync(join(dir, "bad.mp4"), Buffer.from([0, 0, 0, 1, 0x6d, 0x6f, 0x6f, 0x76]));
    expect(mp4DurationMs(join(dir, "bad.mp4"))).toBeNull();
    expect(mp4DurationMs(join(dir, "missing.mp4"))).toBeNull();
    expect(mp4DurationMs(media.rec)).toBe(0); // fragmented: its empty movie header says nothing yet
    expect(Math.abs(mp4DurationMs(media.mp4)! - 2000)).toBeLessThan(100);
  });
});
