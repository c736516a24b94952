import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RELOAD_POLICY, reloadReason, startReloadPolicy } from "./reloadPolicy";

describe("reload policy decisions", () => {
  it("reloads after 5 minutes without the live channel, not before", () => {
    const down = 1_000_000;
    expect(reloadReason({ now: down + 299_999, lastTick: down + 299_000, liveDownSince: down })).toBeNull();
    expect(reloadReason({ now: down + 300_000, lastTick: down + 299_000, liveDownSince: down })).toBe("liveDown");
    expect(reloadReason({ now: down + 900_000, lastTick: down + 899_000, liveDownSince: null })).toBeNull();
  });

  it("reloads after waking from a sleep longer than 30 minutes (a gap in the 1 s timer)", () => {
    expect(reloadReason({ now: 30 * 60_000, lastTick: 0, liveDownSince: null })).toBeNull();
    expect(reloadReason({ now: 30 * 60_000 + 1, lastTick: 0, liveDownSince: null })).toBe("slept");
    expect(RELOAD_POLICY).toEqual({ liveDownMs: 300_000, sleepGapMs: 1_800_000, tickMs: 1000 });
  });
});

describe("the running policy (fake timers)", () => {
  let connected = true;
  let idleCallback: (() => void) | null = null;
  const reload = vi.fn();
  const decided = vi.fn();
  const start = () =>
    startReloadPolicy({
      liveConnected: () => connected,
      whenIdle: (callback) => {
        idleCallback = callback;
        return () => {
          idleCallback = null;
        };
      },
      reload,
      onDecided: decided,
    });

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse("2026-11-27T11:00:00Z") });
    connected = true;
    idleCallback = null;
    reload.mockReset();
    decided.mockReset();
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it("5 minutes without the live channel: waits for the idle moment, then reloads once", () => {
    const stop = start();
    connected = false;
    vi.advanceTimersByTime(299_000);
    expect(decided).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(decided).toHaveBeenCalledWith("liveDown");
    expect(reload).not.toHaveBeenCalled(); // mid-interaction: not yet
    vi.advanceTimersByTime(600_000);
    expect(decided).toHaveBeenCalledTimes(1);
    idleCallback?.();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it("the channel back within 5 minutes: no reload", () => {
    const stop = start();
    connected = false;
    vi.advanceTimersByTime(240_000);
    connected = true;
    vi.advanceTimersByTime(1_000);
    connected = false;
    vi.advanceTimersByTime(240_000);
    expect(decided).not.toHaveBeenCalled();
    stop();
  });

  it("a clock jump of 31 minutes seen when the page shows again counts as waking from sleep", () => {
    const stop = start();
    vi.advanceTimersByTime(5_000);
    vi.setSystemTime(Date.now() + 31 * 60_000); // the device slept: no timer ran
    document.dispatchEvent(new Event("visibilitychange"));
    expect(decided).toHaveBeenCalledWith("slept");
    idleCallback?.();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it("a page reloaded for a lost channel does not reload for it again until it has had the channel", () => {
    const storage = new Map<string, string>();
    const session = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    } as Storage;
    const begin = () =>
      startReloadPolicy({
        liveConnected: () => connected,
        whenIdle: (cb) => ((idleCallback = cb), () => undefined),
        reload,
        onDecided: decided,
        storage: session,
      });
    connected = false;
    let stop = begin();
    vi.advanceTimersByTime(301_000);
    idleCallback?.();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
    stop = begin(); // the reloaded page, still without the channel
    vi.advanceTimersByTime(3_600_000);
    expect(decided).toHaveBeenCalledTimes(1);
    connected = true; // the channel came back, then went again
    vi.advanceTimersByTime(1_000);
    connected = false;
    vi.advanceTimersByTime(301_000);
    expect(decided).toHaveBeenCalledTimes(2);
    stop();
  });

  it("stop cancels a reload waiting for idle", () => {
    const stop = start();
    connected = false;
    vi.advanceTimersByTime(301_000);
    expect(idleCallback).not.toBeNull();
    stop();
    expect(idleCallback).toBeNull();
  });
});
