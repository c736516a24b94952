import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttleLatest } from "./throttle";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("throttleLatest (slider commands)", () => {
  it("sends the first value at once, then at most one per interval, and always the last one", async () => {
    const sent: number[] = [];
    const sender = throttleLatest(async (value: number) => void sent.push(value), 250);
    for (let value = 0; value <= 100; value += 5) {
      sender.push(value);
      await vi.advanceTimersByTimeAsync(20); // a drag: a value every 20 ms for 420 ms
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent[0]).toBe(0);
    expect(sent.at(-1)).toBe(100);
    expect(sent.length).toBeLessThanOrEqual(4); // 420 ms of dragging + the trailing value
  });

  it("never sends two at once: the next value waits for the request on its way", async () => {
    const sent: number[] = [];
    let release: () => void = () => undefined;
    const sender = throttleLatest((value: number) => {
      sent.push(value);
      return new Promise<void>((resolve) => (release = resolve));
    }, 100);
    sender.push(1);
    sender.push(2);
    sender.push(3);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([1]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1, 3]);
  });

  it("cancel drops a waiting value", async () => {
    const sent: number[] = [];
    const sender = throttleLatest(async (value: number) => void sent.push(value), 100);
    sender.push(1);
    sender.push(2);
    sender.cancel();
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([1]);
  });
});
