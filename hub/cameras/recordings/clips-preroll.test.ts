import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HubLogger } from "../../broker/link";
import { freePort, tempDir, until } from "../../testing/harness";
import { DEMO_CLIP_DIR } from "../hls/demo";
import { PREROLL_TIMING, PrerollBuffers, prerollSegments, tsVideoSeconds, wholePictures } from "./clips-preroll";

describe("the pre-roll's MPEG-TS", () => {
  const seg0 = readFileSync(join(DEMO_CLIP_DIR, "seg0.mpegts"));
  const seg1 = readFileSync(join(DEMO_CLIP_DIR, "seg1.mpegts"));

  it("a segment still being written is cut before its last, maybe unfinished picture: ffmpeg decodes it without an error", () => {
    const half = seg1.subarray(0, Math.floor(seg1.length / 2 / 188) * 188 + 100);
    const cut = wholePictures(half);
    expect(cut.length % 188).toBe(0);
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(half.length);
    const file = join(tempDir("hub-preroll-ts-"), "pre.ts");
    writeFileSync(file, Buffer.concat([seg0, cut]));
    const decoded = spawnSync("ffmpeg", ["-v", "error", "-nostdin", "-i", file, "-f", "null", "-"]);
    expect([decoded.status, decoded.stderr.toString()]).toEqual([0, ""]);
    expect(wholePictures(Buffer.alloc(0))).toHaveLength(0);
    expect(wholePictures(Buffer.alloc(1000, 0x47))).toHaveLength(0);
  });

  it("its length counts the last picture's interval (the demo's 2 s segments at 15 fps); fewer than two pictures: unknown", () => {
    expect(tsVideoSeconds(Buffer.concat([seg0, seg1]))).toBeCloseTo(4, 6);
    expect(tsVideoSeconds(seg0)).toBeCloseTo(2, 6);
    expect(tsVideoSeconds(Buffer.alloc(0))).toBeNull();
    expect(tsVideoSeconds(Buffer.from("not a transport stream"))).toBeNull();
  });

  it("keeps preSeconds + 2 segment files: the seconds asked, the one being written, one spare", () => {
    expect([prerollSegments(1), prerollSegments(3), prerollSegments(10)]).toEqual([3, 5, 12]);
  });
});

describe("the pre-roll buffer's ffmpeg", () => {
  it("a camera that does not answer: ffmpeg is restarted after its backoff, without the login in the log; close kills it and takes nothing", async () => {
    const warnings: string[] = [];
    const log: HubLogger = { info() {}, debug() {}, error() {}, warn: (_obj, msg) => warnings.push(msg ?? "") };
    const url = `rtsp://admin:tajne@127.0.0.1:${await freePort()}/stream1`;
    const buffers = new PrerollBuffers({
      dir: tempDir("hub-preroll-buffer-"),
      ffmpeg: "/usr/bin/ffmpeg",
      cameras: [{ id: "brama", url, preSeconds: 2 }],
      log,
    }).start();
    try {
      const first = buffers.pids()[0];
      expect(first).toBeDefined();
      await until(() => warnings.length >= 1 && buffers.pids().length === 1 && buffers.pids()[0] !== first, 10_000, 50);
      expect(warnings[0]).toContain("the pre-roll buffer's ffmpeg stopped");
      expect(warnings.join("\n")).not.toContain("tajne");
      expect(buffers.take("brama")).toHaveLength(0);
    } finally {
      const pid = buffers.pids()[0];
      buffers.close();
      expect(buffers.pids()).toEqual([]);
      if (pid) await until(() => !alive(pid), 5_000, 50);
    }
  }, 20_000);

  it("a camera disabled at start runs no ffmpeg; enabled it runs one, disabled again it is killed and not restarted after the backoff", async () => {
    const log: HubLogger = { info() {}, debug() {}, error() {}, warn() {} };
    let enabled = false;
    const buffers = new PrerollBuffers({
      dir: tempDir("hub-preroll-enabled-"),
      ffmpeg: "/usr/bin/ffmpeg",
      cameras: [{ id: "brama", url: `rtsp://127.0.0.1:${await freePort()}/stream1`, preSeconds: 2 }],
      log,
      enabled: () => enabled,
    }).start();
    try {
      expect(buffers.pids()).toEqual([]);
      enabled = true;
      buffers.setEnabled("brama", true);
      const [pid] = buffers.pids();
      expect(pid).toBeDefined();
      buffers.setEnabled("brama", false);
      expect(buffers.pids()).toEqual([]);
      await until(() => !alive(pid!), 5_000, 50);
      await new Promise((resolve) => setTimeout(resolve, PREROLL_TIMING.backoffMs + 500));
      expect(buffers.pids()).toEqual([]);
      expect(buffers.take("brama")).toHaveLength(0);
    } finally {
      buffers.close();
    }
  }, 20_000);
});

/** Whether process `pid` still runs (not a zombie). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \([^)]*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
