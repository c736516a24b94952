import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AFTER_STARTUP_DELAY_MS, AFTER_STARTUP_IDLE_TIMEOUT_MS, afterStartup, type StartupPage } from "./afterStartup";

/** A page whose load state, load event and idle periods the test drives; timers are Vitest's fake ones. */
function fakePage(readyState: DocumentReadyState, withIdle = true) {
  const target = new EventTarget();
  const idle = new Map<number, { cb: () => void; timeout: number | undefined }>();
  let nextIdle = 1;
  const page = {
    document: { readyState },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms) as unknown as number,
    clearTimeout: (handle: number) => clearTimeout(handle),
    ...(withIdle
      ? {
          requestIdleCallback: (cb: () => void, options?: { timeout?: number }) => {
            idle.set(nextIdle, { cb, timeout: options?.timeout });
            return nextIdle++;
          },
          cancelIdleCallback: (handle: number) => void idle.delete(handle),
        }
      : {}),
  } as unknown as StartupPage;
  const load = () => target.dispatchEvent(new Event("load"));
  const runIdle = () => {
    for (const [handle, { cb }] of idle) {
      idle.delete(handle);
      cb();
    }
  };
  return { page, load, runIdle, idle };
}

describe("afterStartup", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for load, then the quiet delay, then an idle period (with its timeout) before running", () => {
    const { page, load, runIdle, idle } = fakePage("interactive");
    const run = vi.fn();
    afterStartup(run, page);
    vi.advanceTimersByTime(AFTER_STARTUP_DELAY_MS * 2);
    expect(run).not.toHaveBeenCalled();
    load();
    vi.advanceTimersByTime(AFTER_STARTUP_DELAY_MS - 1);
    expect(idle.size).toBe(0);
    vi.advanceTimersByTime(1);
    expect([...idle.values()].map((entry) => entry.timeout)).toEqual([AFTER_STARTUP_IDLE_TIMEOUT_MS]);
    expect(run).not.toHaveBeenCalled();
    runIdle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("counts the delay from now when the page has already loaded", () => {
    const { page, runIdle } = fakePage("complete");
    const run = vi.fn();
    afterStartup(run, page);
    vi.advanceTimersByTime(AFTER_STARTUP_DELAY_MS);
    runIdle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs after the delay where the browser has no requestIdleCallback (Safari)", () => {
    const { page } = fakePage("complete", false);
    const run = vi.fn();
    afterStartup(run, page);
    vi.advanceTimersByTime(AFTER_STARTUP_DELAY_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("never runs once cancelled, at any stage", () => {
    for (const stage of ["before load", "in the delay", "waiting for idle"] as const) {
      const { page, load, runIdle } = fakePage("loading");
      const run = vi.fn();
      const cancel = afterStartup(run, page);
      if (stage !== "before load") load();
      if (stage === "waiting for idle") vi.advanceTimersByTime(AFTER_STARTUP_DELAY_MS);
      cancel();
      load();
      vi.advanceTimersByTime(AFTER_STARTUP_DELAY_MS * 2);
      runIdle();
      expect(run, stage).not.toHaveBeenCalled();
    }
  });
});
