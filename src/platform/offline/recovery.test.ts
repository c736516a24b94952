import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStore } from "jotai";
import { liveConnectionStateAtom } from "../live/atoms";
import { offlineAtom, serverReachableAtom } from "./atoms";
import { startRecovery } from "./recovery";

describe("recovery", () => {
  let clock = 1_000_000;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    clock = 1_000_000;
  });
  afterEach(() => vi.useRealTimers());

  it("while offline, probes the hub every 5 s; the first answer brings it back and refetches once", async () => {
    const store = createStore();
    store.set(serverReachableAtom, false);
    let hubUp = false;
    const probe = vi.fn(() =>
      hubUp ? Promise.resolve(new Response(null, { status: 401 })) : Promise.reject(new TypeError("Failed to fetch")),
    );
    const onRecover = vi.fn();
    const stop = startRecovery(store, { probeUrl: "/api/v2/config", onRecover, fetch: probe, now: () => clock });
    await vi.advanceTimersByTimeAsync(5000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(store.get(offlineAtom)).toBe(true);
    hubUp = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.get(offlineAtom)).toBe(false);
    expect(onRecover).toHaveBeenCalledExactlyOnceWith("reconnected");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(probe).toHaveBeenCalledTimes(2);
    stop();
  });

  it("a gateway's 502 does not count as the hub being back", async () => {
    const store = createStore();
    store.set(serverReachableAtom, false);
    const probe = vi.fn(() => Promise.resolve(new Response(null, { status: 502 })));
    const stop = startRecovery(store, {
      probeUrl: "/api/v2/config",
      onRecover: vi.fn(),
      fetch: probe,
      now: () => clock,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.get(offlineAtom)).toBe(true);
    stop();
  });

  it("probes at once when the live channel connects while offline", async () => {
    const store = createStore();
    store.set(serverReachableAtom, false);
    const probe = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    const stop = startRecovery(store, {
      probeUrl: "/api/v2/config",
      onRecover: vi.fn(),
      fetch: probe,
      now: () => clock,
    });
    store.set(liveConnectionStateAtom, "connect");
    await vi.waitFor(() => expect(store.get(offlineAtom)).toBe(false));
    stop();
  });

  it("after a long sleep (clock jump over 60 s) the data is fetched again", async () => {
    const store = createStore();
    const onRecover = vi.fn();
    const stop = startRecovery(store, { probeUrl: "/api/v2/config", onRecover, fetch: vi.fn(), now: () => clock });
    clock += 5000;
    await vi.advanceTimersByTimeAsync(5000);
    expect(onRecover).not.toHaveBeenCalled();
    clock += 5000 + 61_000; // the tablet slept: the timer fired once, much later
    await vi.advanceTimersByTimeAsync(5000);
    expect(onRecover).toHaveBeenCalledExactlyOnceWith("wokeUp");
    stop();
  });

  it("the browser's offline and online events are followed", () => {
    const store = createStore();
    const stop = startRecovery(store, {
      probeUrl: "/api/v2/config",
      onRecover: vi.fn(),
      fetch: vi.fn(() => new Promise<Response>(() => undefined)),
      now: () => clock,
    });
    window.dispatchEvent(new Event("offline"));
    expect(store.get(offlineAtom)).toBe(true);
    window.dispatchEvent(new Event("online"));
    expect(store.get(offlineAtom)).toBe(false);
    stop();
  });

  it("when the live channel drops on an open page and the hub does not answer, the app goes offline at once", async () => {
    const store = createStore();
    let hubUp = true;
    const probe = vi.fn(() =>
      hubUp ? Promise.resolve(new Response(null, { status: 200 })) : Promise.reject(new TypeError("Failed to fetch")),
    );
    const stop = startRecovery(store, {
      probeUrl: "/api/v2/config",
      onRecover: vi.fn(),
      fetch: probe,
      now: () => clock,
    });
    store.set(liveConnectionStateAtom, "connect");
    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(0));
    hubUp = false;
    store.set(liveConnectionStateAtom, "close");
    await vi.waitFor(() => expect(store.get(offlineAtom)).toBe(true));
    expect(probe).toHaveBeenCalledTimes(1);
    hubUp = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.get(offlineAtom)).toBe(false);
    stop();
  });

  it("a broker restart behind a hub that answers leaves the app online (only the spinner shows)", async () => {
    const store = createStore();
    const probe = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    const stop = startRecovery(store, {
      probeUrl: "/api/v2/config",
      onRecover: vi.fn(),
      fetch: probe,
      now: () => clock,
    });
    store.set(liveConnectionStateAtom, "connect");
    store.set(liveConnectionStateAtom, "reconnect");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(store.get(offlineAtom)).toBe(false);
    store.set(liveConnectionStateAtom, "connect");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe).toHaveBeenCalledTimes(3);
    stop();
  });

  it("a gateway's 503 after the live channel dropped counts as the hub gone", async () => {
    const store = createStore();
    const probe = vi.fn(() => Promise.resolve(new Response(null, { status: 503 })));
    const stop = startRecovery(store, {
      probeUrl: "/api/v2/config",
      onRecover: vi.fn(),
      fetch: probe,
      now: () => clock,
    });
    store.set(liveConnectionStateAtom, "connect");
    store.set(liveConnectionStateAtom, "offline");
    await vi.waitFor(() => expect(store.get(offlineAtom)).toBe(true));
    stop();
  });

  it("closing the live channel ourselves (logout, lock) checks nothing", async () => {
    const store = createStore();
    const probe = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    const stop = startRecovery(store, {
      probeUrl: "/api/v2/config",
      onRecover: vi.fn(),
      fetch: probe,
      now: () => clock,
    });
    store.set(liveConnectionStateAtom, "connect");
    store.set(liveConnectionStateAtom, "end");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe).not.toHaveBeenCalled();
    stop();
  });
});
