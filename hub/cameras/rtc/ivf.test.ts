import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readIvf } from "./ivf";

const FULL = new URL("../media/demo-full.ivf", import.meta.url);
const MOBILE = new URL("../media/demo-mobile.ivf", import.meta.url);

/** An IVF file of `frames` (each a Buffer), 15 fps. */
function ivf(frames: Buffer[], codec = "VP80"): Buffer {
  const header = Buffer.alloc(32);
  header.write("DKIF", 0, "latin1");
  header.writeUInt16LE(0, 4);
  header.writeUInt16LE(32, 6);
  header.write(codec, 8, "latin1");
  header.writeUInt16LE(64, 12);
  header.writeUInt16LE(36, 14);
  header.writeUInt32LE(15, 16);
  header.writeUInt32LE(1, 20);
  header.writeUInt32LE(frames.length, 24);
  const parts = frames.flatMap((frame, i) => {
    const head = Buffer.alloc(12);
    head.writeUInt32LE(frame.length, 0);
    head.writeBigUInt64LE(BigInt(i), 4);
    return [head, frame];
  });
  return Buffer.concat([header, ...parts]);
}

describe("readIvf (the demo cameras' WebRTC clips)", () => {
  it("reads the shipped clips: 60 VP8 frames at 15 fps, a keyframe every 15 frames, each file under 400 KB", () => {
    for (const [url, width, height] of [
      [FULL, 640, 360],
      [MOBILE, 320, 180],
    ] as const) {
      expect(statSync(url).size).toBeLessThanOrEqual(400 * 1024);
      const clip = readIvf(readFileSync(url));
      expect(clip).toMatchObject({ fps: 15, width, height });
      expect(clip.frames).toHaveLength(60);
      expect(clip.frames.flatMap((frame, i) => (frame.keyframe ? [i] : []))).toEqual([0, 15, 30, 45]);
    }
  });

  it("tells keyframes (bit 0 of the frame tag clear) from inter frames", () => {
    const clip = readIvf(ivf([Buffer.from([0x10, 1, 2]), Buffer.from([0x31, 4]), Buffer.from([0x50, 9])]));
    expect(clip.frames.map((frame) => [frame.keyframe, frame.data.length])).toEqual([
      [true, 3],
      [false, 2],
      [true, 2],
    ]);
  });

  it("refuses what is not a whole VP8 IVF clip starting on a keyframe", () => {
    expect(() => readIvf(Buffer.from("not an ivf file at all, but long enough"))).toThrow(/not an IVF/);
    expect(() => readIvf(ivf([Buffer.from([0x10])], "VP90"))).toThrow(/not VP8/);
    expect(() => readIvf(ivf([]))).toThrow(/no frames/);
    expect(() => readIvf(ivf([Buffer.from([0x11, 0])]))).toThrow(/keyframe/);
    const whole = ivf([Buffer.from([0x10, 1, 2, 3, 4])]);
    expect(() => readIvf(whole.subarray(0, whole.length - 2))).toThrow(/cut off/);
  });
});
