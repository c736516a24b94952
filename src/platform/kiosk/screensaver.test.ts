import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveValueAtom } from "../live/atoms";
import { secondsOfMinutes } from "./components/ScreensaverSettings";
import { panelProfileAtom } from "./profile";
import { screenCommandAtom, screenStateAtom } from "./screen-state";
import { startPanelScreen } from "./screensaver";

const PROFILE = {
  lockedDown: false,
  screensaver: {
    enabled: true,
    day: { screensaverAfterS: 2, dimAfterS: 3, blackAfterS: 4 },
    dimBrightness: 0.2,
    wakeSensor: "kuchnia",
  },
};

describe("the panel's screen with its inputs (store, fake timers)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse("2026-11-27T11:00:00Z") });
    document.body.innerHTML = "";
  });
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const store = createStore();
    store.set(panelProfileAtom, PROFILE);
    const screen = startPanelScreen(store, { reload: false });
    return { store, screen };
  };

  it("the wake sensor's detection on the live channel wakes it; no one there does not", () => {
    const { store, screen } = setup();
    vi.advanceTimersByTime(4_000);
    expect(store.get(screenStateAtom)).toBe("black");
    const topic = liveValueAtom("sensor/occupancy/kuchnia");
    store.set(topic, { value: { value: 0, time: new Date().toISOString() }, receivedAt: Date.now() });
    expect(store.get(screenStateAtom)).toBe("black");
    store.set(topic, { value: { value: 1, time: new Date().toISOString() }, receivedAt: Date.now() });
    expect(store.get(screenStateAtom)).toBe("awake");
    screen.stop();
  });

  it("a fresh doorbell ring wakes it; a ring from long ago does not", () => {
    const { store, screen } = setup();
    vi.advanceTimersByTime(2_000);
    expect(store.get(screenStateAtom)).toBe("screensaver");
    store.set(liveValueAtom("doorbell/ring"), { value: Date.now() - 60_000, receivedAt: Date.now() });
    expect(store.get(screenStateAtom)).toBe("screensaver");
    store.set(liveValueAtom("doorbell/ring"), { value: Date.now(), receivedAt: Date.now() });
    expect(store.get(screenStateAtom)).toBe("awake");
    screen.stop();
  });

  it("obeys screen commands: off holds black, wake wakes, dim dims", () => {
    const { store, screen } = setup();
    store.set(screenCommandAtom, { mode: "off", at: Date.now() });
    expect(store.get(screenStateAtom)).toBe("black");
    vi.advanceTimersByTime(10_000);
    expect(store.get(screenStateAtom)).toBe("black");
    store.set(screenCommandAtom, { mode: "wake", at: Date.now() });
    expect(store.get(screenStateAtom)).toBe("awake");
    store.set(screenCommandAtom, { mode: "dim", at: Date.now() });
    expect(store.get(screenStateAtom)).toBe("dim");
    screen.stop();
    expect(store.get(screenStateAtom)).toBe("awake");
  });

  it("a camera view or a modal dialog on the page keeps it awake", () => {
    const { store, screen } = setup();
    document.body.innerHTML = '<div class="camera-live"></div>';
    vi.advanceTimersByTime(10_000);
    expect(store.get(screenStateAtom)).toBe("awake");
    document.body.innerHTML = "<dialog open>Ktoś dzwoni przy bramce.</dialog>";
    vi.advanceTimersByTime(10_000);
    expect(store.get(screenStateAtom)).toBe("awake");
    document.body.innerHTML = "";
    vi.advanceTimersByTime(2_000);
    expect(store.get(screenStateAtom)).toBe("screensaver");
    screen.stop();
  });
});

describe("the menu's stage minutes", () => {
  it("takes whole or decimal minutes (comma too) up to a day, as whole seconds", () => {
    expect(secondsOfMinutes("2")).toBe(120);
    expect(secondsOfMinutes("0")).toBe(0);
    expect(secondsOfMinutes("1,5")).toBe(90);
    expect(secondsOfMinutes(" 0.25 ")).toBe(15);
    expect(secondsOfMinutes("1440")).toBe(86_400);
    for (const bad of ["1441", "-1", "abc", "", "1e3", "2.555"]) expect(secondsOfMinutes(bad)).toBeNull();
  });
});
