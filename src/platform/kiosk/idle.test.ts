import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIdleTracker, isDialogOpen } from "./idle";

describe("idle detection", () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
    document.body.innerHTML = "";
  });
  afterEach(() => vi.useRealTimers());

  it("is not idle until the threshold passes without interaction", () => {
    const idle = createIdleTracker({ idleMs: 120_000, now });
    clock = 119_999;
    expect(idle.isIdle()).toBe(false);
    clock = 120_000;
    expect(idle.isIdle()).toBe(true);
    idle.stop();
  });

  it("a touch, pointer or key restarts the idle time", () => {
    const idle = createIdleTracker({ idleMs: 1000, now });
    for (const type of ["pointerdown", "keydown", "touchstart"]) {
      clock += 900;
      window.dispatchEvent(new Event(type));
      clock += 900;
      expect(idle.isIdle()).toBe(false);
    }
    clock += 100;
    expect(idle.isIdle()).toBe(true);
    idle.stop();
  });

  it("an open modal dialog or <dialog open> prevents idle", () => {
    const idle = createIdleTracker({ idleMs: 10, now });
    clock = 1000;
    document.body.innerHTML = '<div role="dialog" aria-modal="true">Ktoś dzwoni przy bramce.</div>';
    expect(isDialogOpen()).toBe(true);
    expect(idle.isIdle()).toBe(false);
    document.body.innerHTML = "<dialog open>x</dialog>";
    expect(idle.isIdle()).toBe(false);
    document.body.innerHTML = '<div role="dialog">not modal</div>';
    expect(idle.isIdle()).toBe(true);
    idle.stop();
  });

  it("whenIdle waits for the dialog to close, then calls back once", () => {
    const idle = createIdleTracker({ idleMs: 5000, now });
    const callback = vi.fn();
    idle.whenIdle(callback, 1000);
    document.body.innerHTML = "<dialog open>x</dialog>";
    clock = 10_000;
    vi.advanceTimersByTime(3000);
    expect(callback).not.toHaveBeenCalled();
    document.body.innerHTML = "";
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(1);
    idle.stop();
  });

  it("reads a threshold function at each check (kiosk.idleMs set by a test)", () => {
    let threshold = 120_000;
    const idle = createIdleTracker({ idleMs: () => threshold, now });
    clock = 3000;
    expect(idle.isIdle()).toBe(false);
    threshold = 2000;
    expect(idle.isIdle()).toBe(true);
    idle.stop();
  });
});
