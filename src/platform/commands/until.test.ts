import { atom, createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { until } from "./until";

afterEach(() => {
  vi.useRealTimers();
});

describe("until (a command waiting for its confirmation)", () => {
  it("is true at once when the state already holds", async () => {
    const store = createStore();
    const power = atom<"on" | "off">("on");
    await expect(until(store, power, (state) => state === "on", 5000)).resolves.toBe(true);
  });

  it("is true as soon as the state changes to what it waits for, without any timer running (no polling)", async () => {
    vi.useFakeTimers(); // time stands still: only the store's change can settle it
    const store = createStore();
    const power = atom<"on" | "off">("off");
    const waiting = until(store, power, (state) => state === "on", 5000);
    let settled: boolean | undefined;
    void waiting.then((value) => (settled = value));
    store.set(power, "off");
    await Promise.resolve();
    expect(settled).toBeUndefined();
    store.set(power, "on");
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it("is false after the timeout, and stops watching the atom", async () => {
    vi.useFakeTimers();
    const store = createStore();
    const power = atom<"on" | "off">("off");
    const done = vi.fn((state: "on" | "off") => state === "on");
    const waiting = until(store, power, done, 5000);
    await vi.advanceTimersByTimeAsync(4999);
    store.set(power, "off");
    await vi.advanceTimersByTimeAsync(1);
    await expect(waiting).resolves.toBe(false);
    const calls = done.mock.calls.length;
    store.set(power, "on");
    expect(done.mock.calls.length).toBe(calls); // unsubscribed: a late change is not looked at
  });
});
