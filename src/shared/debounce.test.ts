import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce } from "./debounce";

describe("debounce (spec §9: resize debounce 100 ms)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once, 100 ms after the last of a burst of calls, with the last call's arguments", () => {
    const run = vi.fn();
    const resized = debounce(run, 100);
    for (let width = 400; width <= 800; width += 100) {
      resized(width);
      vi.advanceTimersByTime(30);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(69); // 99 ms after the last call
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(800);
  });

  it("runs again for a later burst", () => {
    const run = vi.fn();
    const resized = debounce(run, 100);
    resized("a");
    vi.advanceTimersByTime(100);
    resized("b");
    vi.advanceTimersByTime(100);
    expect(run.mock.calls).toEqual([["a"], ["b"]]);
  });

  it("cancel drops the waiting call", () => {
    const run = vi.fn();
    const resized = debounce(run, 100);
    resized();
    resized.cancel();
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
  });
});
