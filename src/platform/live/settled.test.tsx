import { act, cleanup, renderHook } from "@testing-library/react";
import { createStore, Provider } from "jotai";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyIngestStats } from "../../lib/mqtt/ingest";
import { lastLiveUpdateAtAtom, liveConnectionStateAtom, liveStatsAtom } from "./atoms";
import {
  LIVE_BURST_GAP_MS,
  LIVE_SETTLE_CAP_MS,
  LIVE_SETTLE_QUIET_MS,
  LIVE_SETTLE_RECEIVING_MS,
  useLiveStateSettled,
} from "./settled";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useLiveStateSettled(), { wrapper });
  const stats = (queued: number, applied: number) =>
    act(() => store.set(liveStatsAtom, { ...emptyIngestStats(), received: applied + queued, applied, queued }));
  return { store, hook, stats };
}

describe("useLiveStateSettled (home lays out once the live state is known)", () => {
  it("is true at once when values were restored from the snapshot", () => {
    const store = createStore();
    store.set(lastLiveUpdateAtAtom, Date.now());
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    expect(renderHook(() => useLiveStateSettled(), { wrapper }).result.current).toBe(true);
  });

  it("waits for the retained burst to be applied, then stays true while later bursts queue", () => {
    const { store, hook, stats } = setup();
    act(() => store.set(liveConnectionStateAtom, "connect"));
    expect(hook.result.current).toBe(false);
    // One frame's drain, as the ingest runs it: the first chunk applied, the rest queued, counters reported.
    act(() => {
      store.set(lastLiveUpdateAtAtom, Date.now());
      store.set(liveStatsAtom, { ...emptyIngestStats(), received: 104, applied: 64, queued: 40 });
    });
    expect(hook.result.current).toBe(false);
    stats(0, 104); // all applied, but the burst's next WebSocket message may still be on its way
    act(() => vi.advanceTimersByTime(LIVE_BURST_GAP_MS - 50));
    expect(hook.result.current).toBe(false);
    stats(0, 130); // it was: the settings came in it, and the gap starts again
    act(() => vi.advanceTimersByTime(LIVE_BURST_GAP_MS - 1));
    expect(hook.result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe(true);
    stats(500, 130); // a later burst changes no layout
    expect(hook.result.current).toBe(true);
  });

  it("does not wait past LIVE_SETTLE_RECEIVING_MS for a stream that never pauses", () => {
    const { store, hook } = setup();
    act(() => store.set(liveConnectionStateAtom, "connect"));
    for (let elapsed = 0; elapsed < LIVE_SETTLE_RECEIVING_MS - 100; elapsed += 100) {
      act(() => {
        store.set(lastLiveUpdateAtAtom, Date.now());
        store.set(liveStatsAtom, { ...emptyIngestStats(), received: elapsed + 1, applied: elapsed + 1 });
      });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(hook.result.current).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(hook.result.current).toBe(true);
  });

  it("gives up waiting for a burst LIVE_SETTLE_QUIET_MS after connecting with nothing retained", () => {
    const { store, hook } = setup();
    act(() => vi.advanceTimersByTime(LIVE_SETTLE_QUIET_MS * 2)); // still idle: no quiet timer yet
    expect(hook.result.current).toBe(false);
    act(() => store.set(liveConnectionStateAtom, "connect"));
    act(() => vi.advanceTimersByTime(LIVE_SETTLE_QUIET_MS - 1));
    expect(hook.result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe(true);
  });

  it("does not wait when the live channel fails, and waits at most LIVE_SETTLE_CAP_MS for its first event", () => {
    const failed = setup();
    act(() => failed.store.set(liveConnectionStateAtom, "error"));
    expect(failed.hook.result.current).toBe(true);
    act(() => failed.store.set(liveConnectionStateAtom, "reconnect"));
    expect(failed.hook.result.current).toBe(true);

    const silent = setup();
    act(() => vi.advanceTimersByTime(LIVE_SETTLE_CAP_MS - 1));
    expect(silent.hook.result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(silent.hook.result.current).toBe(true);
  });
});
