import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CLIP_DIR, DemoHls, loadClip } from "./demo";
import { ptsOf } from "./mpegts";
import {
  currentSequence,
  HLS_WINDOW_SEGMENTS,
  liveWindow,
  loopOffsetMs,
  parseClipPlaylist,
  renderLivePlaylist,
  type ClipSegment,
} from "./playlist";

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
  return text.trim().split("\n").slice(4);
}

describe("demo HLS live playlist", () => {
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
    expect(() => parseClipPlaylist("#EXTM3U\n#EXTINF:2.0,\n../../etc/passwd.mpegts\n")).toThrow(
      /unexpected segment URI/,
    );
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

  it("the window holds the last complete segments, the media sequence rising with time, across the loop of the clip", () => {
    const atLoop = liveWindow(CLIP, LOOP_START + 500);
    expect(atLoop.segments.map((segment) => [segment.sequence, segment.clipIndex])).toEqual([
      [799_999_996, 0],
      [799_999_997, 1],
      [799_999_998, 2],
      [799_999_999, 3],
    ]);
    expect(atLoop.mediaSequence).toBe(799_999_996);
    const later = liveWindow(CLIP, LOOP_START + 4500);
    expect(later.mediaSequence).toBe(799_999_998);
    expect(later.segments.map((segment) => segment.clipIndex)).toEqual([2, 3, 0, 1]);
    // The segments both windows share keep their numbers and clip positions.
    expect(later.segments.slice(0, 2)).toEqual(atLoop.segments.slice(2));
    expect(liveWindow(CLIP, LOOP_START + 8500, 3).segments).toHaveLength(3);
    expect(HLS_WINDOW_SEGMENTS).toBeGreaterThanOrEqual(3);
    // Each loop's timestamps move on by the loops before it.
    expect(loopOffsetMs(CLIP, 799_999_999)).toBe(LOOP_START - 8000);
    expect(loopOffsetMs(CLIP, 800_000_000)).toBe(LOOP_START);
  });

  it("renders a live media playlist: no ENDLIST and no discontinuity, target duration, sequence numbers as URIs", () => {
    const text = renderLivePlaylist(liveWindow(CLIP, LOOP_START + 4500), CLIP);
    expect(text.split("\n").slice(0, 4)).toEqual([
      "#EXTM3U",
      "#EXT-X-VERSION:3",
      "#EXT-X-TARGETDURATION:2",
      "#EXT-X-MEDIA-SEQUENCE:799999998",
    ]);
    expect(bodyOf(text)).toEqual([
      "#EXTINF:2.000,",
      "799999998.ts",
      "#EXTINF:2.000,",
      "799999999.ts",
      "#EXTINF:2.000,",
      "800000000.ts",
      "#EXTINF:2.000,",
      "800000001.ts",
    ]);
    expect(text).not.toMatch(/ENDLIST|DISCONTINUITY/);
  });

  it("DemoHls answers complete segments from memory, loading the clip once; a future or malformed name is none", async () => {
    const real = await loadClip();
    let now = LOOP_START + 4500;
    let loads = 0;
    const demo = new DemoHls(
      async () => {
        loads += 1;
        return real;
      },
      () => now,
    );
    const first = (await demo.segment("800000000.ts"))!;
    expect(first.length).toBe(real.bytes[0]!.length);
    expect(await demo.segment("800000000.ts")).toBe(first);
    expect((await demo.segment("799999999.ts"))!.length).toBe(real.bytes[3]!.length);
    expect(await demo.segment("800000002.ts")).toBeNull(); // being recorded
    expect(await demo.segment("900000000.ts")).toBeNull();
    for (const name of ["../seg0.ts", "seg0.ts", "seg0.mpegts", "1.m4s", "-1.ts", "1234567890123456.ts"])
      expect(await demo.segment(name)).toBeNull();
    now += 2000;
    expect((await demo.segment("800000002.ts"))!.length).toBe(real.bytes[2]!.length);
    expect(await demo.playlist()).toContain("#EXT-X-MEDIA-SEQUENCE:799999999");
    expect(loads).toBe(1);
  });

  it("the stream stays continuous across the loop: the next loop's first picture follows the last one by one frame (15 fps)", async () => {
    const real = await loadClip();
    const demo = new DemoHls(
      async () => real,
      () => LOOP_START + 7 * 8000,
    );
    const pts = async (sequence: number) => ptsOf((await demo.segment(`${sequence}.ts`))!);
    const frameTicks = 90_000 / 15;
    let previous: number[] = await pts(800_000_000);
    for (let sequence = 800_000_001; sequence <= 800_000_009; sequence++) {
      const next = await pts(sequence);
      expect(Math.min(...next) - Math.max(...previous), `segment ${sequence}`).toBe(frameTicks);
      previous = next;
    }
    expect(Math.min(...(await pts(800_000_004))) - Math.min(...(await pts(800_000_000)))).toBe(8 * 90_000);
  });

  it("a clip that cannot be read fails the request and is read again on the next", async () => {
    let attempts = 0;
    const demo = new DemoHls(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("ENOENT");
        return { segments: CLIP, bytes: CLIP.map(() => Buffer.alloc(1)) };
      },
      () => LOOP_START,
    );
    await expect(demo.playlist()).rejects.toThrow("ENOENT");
    await expect(demo.playlist()).resolves.toContain("#EXTM3U");
    expect(attempts).toBe(2);
  });
});
