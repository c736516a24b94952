import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CLIP_DIR, DemoHls, loadClip } from "./demo";
import { currentSequence, HLS_WINDOW_SEGMENTS, liveWindow, parseClipPlaylist, renderLivePlaylist, type ClipSegment } from "./playlist";

const CLIP: ClipSegment[] = [
  { uri: "seg0.mpegts", durationMs: 2000 },
  { uri: "seg1.mpegts", durationMs: 2000 },
  { uri: "seg2.mpegts", durationMs: 2000 },
  { uri: "seg3.mpegts", durationMs: 2000 },
];
/** A moment at the start of a loop of the 8 s clip (epoch ms): loop 200,000,000. */
const LOOP_START = 8000 * 200_000_000;

/** The tags and URIs of a playlist text, one per line, without the header. */
function bodyOf(text: string): string[] {
  return text.trim().split("\n").slice(5);
}

describe("demo HLS live playlist (issue 12)", () => {
  it("reads the committed clip's playlist: four 2 s MPEG-TS segments, at most 600 KB in all", async () => {
    const clip = await loadClip();
    expect(clip.segments).toEqual(CLIP);
    const total = clip.bytes.reduce((sum, bytes) => sum + bytes.length, 0);
    expect(total).toBeLessThanOrEqual(600_000);
    for (const bytes of clip.bytes) {
      expect(bytes.length % 188).toBe(0);
      expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
    }
    expect(parseClipPlaylist(readFileSync(join(DEMO_CLIP_DIR, "clip.m3u8"), "utf8"))).toEqual(CLIP);
  });

  it("refuses a clip playlist with a path in a URI, a segment without duration, or no segment", () => {
    expect(() => parseClipPlaylist("#EXTM3U\n#EXTINF:2.0,\n../../etc/passwd.mpegts\n")).toThrow(/unexpected segment URI/);
    expect(() => parseClipPlaylist("#EXTM3U\nseg0.mpegts\n")).toThrow(/no duration/);
    expect(() => parseClipPlaylist("#EXTM3U\n#EXT-X-ENDLIST\n")).toThrow(/no segments/);
  });

  it("the sequence number being recorded rises by one per segment duration of wall clock", () => {
    expect(currentSequence(CLIP, LOOP_START)).toBe(800_000_000);
    expect(currentSequence(CLIP, LOOP_START + 1999)).toBe(800_000_000);
    expect(currentSequence(CLIP, LOOP_START + 2000)).toBe(800_000_001);
    expect(currentSequence(CLIP, LOOP_START + 7999)).toBe(800_000_003);
    expect(currentSequence(CLIP, LOOP_START + 8000)).toBe(800_000_004);
    const uneven: ClipSegment[] = [
      { uri: "a.mpegts", durationMs: 3000 },
      { uri: "b.mpegts", durationMs: 1000 },
    ];
    expect([0, 2999, 3000, 3999, 4000, 7000].map((ms) => currentSequence(uneven, ms))).toEqual([0, 0, 1, 1, 2, 3]);
  });

  it("the window holds the last complete segments; media sequence rises with time; the loop gets a discontinuity", () => {
    const atLoop = liveWindow(CLIP, LOOP_START + 500);
    expect(atLoop.segments.map((segment) => [segment.sequence, segment.clipIndex, segment.discontinuity])).toEqual([
      [799_999_996, 0, false],
      [799_999_997, 1, false],
      [799_999_998, 2, false],
      [799_999_999, 3, false],
    ]);
    expect(atLoop.mediaSequence).toBe(799_999_996);
    expect(atLoop.discontinuitySequence).toBe(199_999_999);

    const later = liveWindow(CLIP, LOOP_START + 4500);
    expect(later.mediaSequence).toBe(799_999_998);
    expect(later.segments.map((segment) => [segment.clipIndex, segment.discontinuity])).toEqual([
      [2, false],
      [3, false],
      [0, true],
      [1, false],
    ]);
    // The segments both windows share keep their numbers and clip positions.
    expect(later.segments.slice(0, 2)).toEqual(atLoop.segments.slice(2));
    // The discontinuity sequence counts the loops before the first segment: once the loop's first
    // segment is first in the window, its tag is gone and the count is one higher.
    const next = liveWindow(CLIP, LOOP_START + 8500);
    expect(next.segments[0]).toMatchObject({ sequence: 800_000_000, clipIndex: 0, discontinuity: false });
    expect(next.discontinuitySequence).toBe(later.discontinuitySequence + 1);
    expect(liveWindow(CLIP, LOOP_START + 8500, 3).segments).toHaveLength(3);
    expect(HLS_WINDOW_SEGMENTS).toBeGreaterThanOrEqual(3);
  });

  it("renders a live media playlist: no ENDLIST, target duration, sequence numbers as URIs", () => {
    const text = renderLivePlaylist(liveWindow(CLIP, LOOP_START + 4500), CLIP);
    expect(text.split("\n").slice(0, 5)).toEqual([
      "#EXTM3U",
      "#EXT-X-VERSION:3",
      "#EXT-X-TARGETDURATION:2",
      "#EXT-X-MEDIA-SEQUENCE:799999998",
      "#EXT-X-DISCONTINUITY-SEQUENCE:199999999",
    ]);
    expect(bodyOf(text)).toEqual([
      "#EXTINF:2.000,",
      "799999998.ts",
      "#EXTINF:2.000,",
      "799999999.ts",
      "#EXT-X-DISCONTINUITY",
      "#EXTINF:2.000,",
      "800000000.ts",
      "#EXTINF:2.000,",
      "800000001.ts",
    ]);
    expect(text).not.toContain("ENDLIST");
  });

  it("DemoHls answers complete segments from memory, loading the clip once; a future or malformed name is none", async () => {
    let now = LOOP_START + 4500;
    let loads = 0;
    const demo = new DemoHls(async () => {
      loads += 1;
      return { segments: CLIP, bytes: CLIP.map((_segment, index) => Buffer.from(`segment ${index}`)) };
    }, () => now);
    expect((await demo.segment("800000000.ts"))?.toString()).toBe("segment 0");
    expect((await demo.segment("799999999.ts"))?.toString()).toBe("segment 3");
    expect(await demo.segment("800000002.ts")).toBeNull(); // being recorded
    expect(await demo.segment("900000000.ts")).toBeNull();
    for (const name of ["../seg0.ts", "seg0.ts", "1.m4s", "-1.ts", "1234567890123456.ts"]) expect(await demo.segment(name)).toBeNull();
    now += 2000;
    expect((await demo.segment("800000002.ts"))?.toString()).toBe("segment 2");
    expect(await demo.playlist()).toContain("#EXT-X-MEDIA-SEQUENCE:799999999");
    expect(loads).toBe(1);
  });

  it("a clip that cannot be read fails the request and is read again on the next", async () => {
    let attempts = 0;
    const demo = new DemoHls(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("ENOENT");
      return { segments: CLIP, bytes: CLIP.map(() => Buffer.alloc(1)) };
    }, () => LOOP_START);
    await expect(demo.playlist()).rejects.toThrow("ENOENT");
    await expect(demo.playlist()).resolves.toContain("#EXTM3U");
    expect(attempts).toBe(2);
  });
});
