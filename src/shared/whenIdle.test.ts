import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenIdle, type IdlePage } from "./whenIdle";

const timers: IdlePage = {
  setTimeout: ((cb: () => void, ms: number) => setTimeout(cb, ms)) as unknown as Window["setTimeout"],
  clearTimeout: ((handle: number) => clearTimeout(handle)) as Window["clearTimeout"],
};

describe("whenIdle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs in the next idle period, asking for it with the given timeout", () => {
    const requested: Array<{ cb: () => void; timeout?: number }> = [];
    const page: IdlePage = {
      ...timers,
      requestIdleCallback: ((cb: () => void, options?: { timeout?: number }) =>
        requested.push({ cb, timeout: options?.timeout })) as unknown as Window["requestIdleCallback"],
    };
    const run = vi.fn();
    whenIdle(run, 2_000, 50, page);
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
    expect(requested.map((entry) => entry.timeout)).toEqual([2_000]);
    requested[0]?.cb();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("without idle callbacks (Safari), runs after the fallback delay", () => {
    const run = vi.fn();
    whenIdle(run, 2_000, 50, timers);
    vi.advanceTimersByTime(49);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("without idle callbacks and a fallback of 0, runs at once", () => {
    const run = vi.fn();
    whenIdle(run, 2_000, 0, timers);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("cancel stops it, with idle callbacks and without", () => {
    const cancelled: number[] = [];
    const page: IdlePage = {
      ...timers,
      requestIdleCallback: (() => 7) as unknown as Window["requestIdleCallback"],
      cancelIdleCallback: ((handle: number) => void cancelled.push(handle)) as Window["cancelIdleCallback"],
    };
    whenIdle(vi.fn(), 2_000, 50, page)();
    expect(cancelled).toEqual([7]);
    const run = vi.fn();
    whenIdle(run, 2_000, 50, timers)();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
  });
});
