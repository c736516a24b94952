import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { everyIntervalWhileChanged } from "./throttle";

describe("snapshot throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves at most once per interval, only when something changed", async () => {
    let version = 0;
    const save = vi.fn(() => Promise.resolve());
    const t = everyIntervalWhileChanged(() => version, save, 5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(0);
    for (let i = 0; i < 100; i++) version++;
    await vi.advanceTimersByTimeAsync(4999);
    expect(save).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(1);
    t.stop();
  });

  it("flush saves at once (page hide), and a failed save is retried on the next tick", async () => {
    let version = 1;
    let fail = true;
    const save = vi.fn(() => (fail ? Promise.reject(new Error("disk full")) : Promise.resolve()));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const t = everyIntervalWhileChanged(() => version, save, 5000);
    version = 2;
    await t.flush();
    expect(save).toHaveBeenCalledTimes(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(2);
    t.stop();
    warn.mockRestore();
  });
});
