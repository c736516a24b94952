import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setWakeLockEnabled, wakeLockEnabled } from "./settings";
import { keepScreenAwake } from "./wakeLock";

/** A fake Screen Wake Lock API: the browser releases the lock when the page is hidden. */
function installFakeWakeLock() {
  const sentinels: Array<EventTarget & { released: boolean; release: () => Promise<void> }> = [];
  const request = vi.fn(() => {
    const sentinel = Object.assign(new EventTarget(), {
      released: false,
      release: () => {
        sentinel.released = true;
        sentinel.dispatchEvent(new Event("release"));
        return Promise.resolve();
      },
    });
    sentinels.push(sentinel);
    return Promise.resolve(sentinel);
  });
  Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
  return { request, sentinels };
}

function setVisibility(state: "visible" | "hidden"): void {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("screen wake lock", () => {
  beforeEach(() => setVisibility("visible"));
  afterEach(() => {
    Reflect.deleteProperty(navigator, "wakeLock");
  });

  it("is held while visible and requested again after the page was hidden and shown", async () => {
    const fake = installFakeWakeLock();
    const stop = keepScreenAwake(() => true);
    await vi.waitFor(() => expect(fake.request).toHaveBeenCalledTimes(1));
    setVisibility("hidden");
    await fake.sentinels[0]?.release(); // what the browser does on hide
    setVisibility("visible");
    await vi.waitFor(() => expect(fake.request).toHaveBeenCalledTimes(2));
    stop();
    expect(fake.sentinels[1]?.released).toBe(true);
  });

  it("is not requested when the kiosk preference is off", async () => {
    const fake = installFakeWakeLock();
    const stop = keepScreenAwake(() => false);
    setVisibility("visible");
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.request).not.toHaveBeenCalled();
    stop();
  });

  it("does nothing where the API does not exist", () => {
    expect(() => keepScreenAwake(() => true)()).not.toThrow();
  });

  it("turning the device setting off releases the lock at once; turning it on takes it again", async () => {
    const fake = installFakeWakeLock();
    localStorage.clear();
    const stop = keepScreenAwake();
    await vi.waitFor(() => expect(fake.request).toHaveBeenCalledTimes(1));
    setWakeLockEnabled(false);
    expect(wakeLockEnabled()).toBe(false);
    await vi.waitFor(() => expect(fake.sentinels[0]?.released).toBe(true));
    setWakeLockEnabled(true);
    await vi.waitFor(() => expect(fake.request).toHaveBeenCalledTimes(2));
    stop();
    localStorage.clear();
  });
});
