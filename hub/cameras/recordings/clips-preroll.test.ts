import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../testing/harness";
import { DEMO_CLIP_DIR } from "../hls/demo";
import { prerollSegments, tsVideoSeconds, wholePictures } from "./clips-preroll";

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
