import { describe, expect, it } from "vitest";
import { loadClip } from "./demo";
import { ptsOf, shiftTimestamps, TS_PACKET_BYTES } from "./mpegts";

/** The PCR bases of the packets of `segment` that carry one, 90 kHz ticks. */
function pcrsOf(segment: Buffer): number[] {
  const found: number[] = [];
  for (let at = 0; at < segment.length; at += TS_PACKET_BYTES) {
    if ((segment[at + 3]! & 0x20) !== 0 && segment[at + 4]! > 0 && (segment[at + 5]! & 0x10) !== 0)
      found.push(segment.readUIntBE(at + 6, 4) * 2 + (segment[at + 10]! >> 7));
  }
  return found;
}

describe("MPEG-TS timestamp shift", () => {
  it("moves every PTS and PCR of a real segment by the offset and leaves the rest of the bytes alone", async () => {
    const [segment] = (await loadClip()).bytes;
    const before = ptsOf(segment!);
    expect(before).toHaveLength(30); // 2 s at 15 fps, one PES per picture
    expect(pcrsOf(segment!).length).toBeGreaterThan(0);
    const shifted = shiftTimestamps(segment!, 720_000);
    expect(ptsOf(shifted)).toEqual(before.map((pts) => pts + 720_000));
    expect(pcrsOf(shifted)).toEqual(pcrsOf(segment!).map((pcr) => pcr + 720_000));
    let changed = 0;
    for (let i = 0; i < segment!.length; i++) if (segment![i] !== shifted[i]) changed += 1;
    expect(changed).toBeLessThan(before.length * 10 + pcrsOf(segment!).length * 5);
    expect(ptsOf(segment!)).toEqual(before); // the clip in memory is never changed
  });

  it("wraps at 2^33 like the 90 kHz clock", async () => {
    const [segment] = (await loadClip()).bytes;
    const before = ptsOf(segment!);
    const offset = 2 ** 33 - before[0]!;
    expect(ptsOf(shiftTimestamps(segment!, offset))[0]).toBe(0);
    expect(ptsOf(shiftTimestamps(segment!, 2 ** 33 * 5 + 10))).toEqual(before.map((pts) => pts + 10));
  });

  it("refuses bytes that are not MPEG-TS packets", () => {
    expect(() => shiftTimestamps(Buffer.alloc(100), 1)).toThrow(/whole number of packets/);
    expect(() => shiftTimestamps(Buffer.alloc(188), 1)).toThrow(/no sync byte/);
  });
});
