import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClipPlayer, type ClipFrame } from "./clip";
import type { VideoClip } from "./ivf";

/** A 10 fps clip of 4 frames, a keyframe first and third. */
const CLIP: VideoClip = {
  fps: 10,
  width: 64,
  height: 36,
  frames: [0x10, 0x11, 0x10, 0x11].map((tag, i) => ({ data: Buffer.from([tag, i]), keyframe: (tag & 1) === 0 })),
};

describe("ClipPlayer (one looping clip shared by a camera's viewers)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("plays from the keyframe at the clip's pace, loops, and keeps 90 kHz timestamps continuous across loops", () => {
    const player = new ClipPlayer(CLIP);
    const frames: ClipFrame[] = [];
    const stop = player.subscribe((frame) => frames.push(frame));
    expect(frames).toHaveLength(1); // the first frame at once
    vi.advanceTimersByTime(950);
    expect(frames).toHaveLength(10);
    expect(frames.map((frame) => frame.payloads[0]![5])).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
    expect(frames.map((frame) => frame.keyframe)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    const steps = frames.slice(1).map((frame, i) => (frame.timestamp - frames[i]!.timestamp + 2 ** 32) % 2 ** 32);
    expect(new Set(steps)).toEqual(new Set([9000]));
    // PictureID counts frames across loops.
    expect(frames.map((frame) => frame.payloads[0]![3])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    stop();
  });

  it("runs only while someone listens: the last unsubscribe stops the clock; a new viewer starts again on the keyframe, timestamps going on", () => {
    const player = new ClipPlayer(CLIP);
    const frames: ClipFrame[] = [];
    const stopA = player.subscribe((frame) => frames.push(frame));
    const stopB = player.subscribe(() => undefined);
    vi.advanceTimersByTime(250);
    stopA();
    expect(player.playing).toBe(true);
    stopB();
    expect(player.playing).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    const seen = frames.length;
    vi.advanceTimersByTime(1000);
    expect(frames).toHaveLength(seen);
    const again: ClipFrame[] = [];
    player.subscribe((frame) => again.push(frame));
    expect(again[0]?.keyframe).toBe(true);
    expect((again[0]!.timestamp - frames.at(-1)!.timestamp + 2 ** 32) % 2 ** 32).toBe(9000);
    player.close();
    expect(player.listeners).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a viewer that throws does not stop the others", () => {
    const player = new ClipPlayer(CLIP);
    const frames: ClipFrame[] = [];
    player.subscribe(() => {
      throw new Error("closing connection");
    });
    player.subscribe((frame) => frames.push(frame));
    vi.advanceTimersByTime(350); // frames at 100, 200 and 300 ms (the first went out before this viewer came)
    expect(frames).toHaveLength(3);
    player.close();
  });

  it("after a blocked event loop it skips ahead instead of sending a burst", () => {
    const player = new ClipPlayer(CLIP);
    const frames: ClipFrame[] = [];
    player.subscribe((frame) => frames.push(frame));
    vi.setSystemTime(Date.now() + 5000); // five seconds pass without a timer firing
    vi.advanceTimersByTime(100);
    expect(frames.length).toBeLessThanOrEqual(3);
    vi.advanceTimersByTime(1000);
    expect(frames.length).toBeLessThanOrEqual(13);
    player.close();
  });
});
