import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_IDLE_MS, KIOSK_KEYS, readMs, setWakeLockEnabled, wakeLockEnabled } from "./settings";

describe("kiosk settings", () => {
  beforeEach(() => localStorage.clear());

  it("uses 2 minutes of idle time unless kiosk.idleMs holds a positive number", () => {
    expect(readMs(KIOSK_KEYS.idleMs, DEFAULT_IDLE_MS)).toBe(120_000);
    localStorage.setItem(KIOSK_KEYS.idleMs, "2000");
    expect(readMs(KIOSK_KEYS.idleMs, DEFAULT_IDLE_MS)).toBe(2000);
    for (const bad of ["-5", "0", "abc", "1e3", ""]) {
      localStorage.setItem(KIOSK_KEYS.idleMs, bad);
      expect(readMs(KIOSK_KEYS.idleMs, DEFAULT_IDLE_MS)).toBe(120_000);
    }
  });

  it("keeps the screen awake by default and can be turned off on this device", () => {
    expect(wakeLockEnabled()).toBe(true);
    setWakeLockEnabled(false);
    expect(wakeLockEnabled()).toBe(false);
    setWakeLockEnabled(true);
    expect(wakeLockEnabled()).toBe(true);
  });
});
