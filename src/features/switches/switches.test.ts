import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { applyLiveBatch } from "../../platform/live/apply";
import { switchesAtom, switchesWithoutPurposeCountAtom } from "./atoms";
import { parseSwitchRef, powerTopic, switchPowerAtom } from "./power";

function setPower(store: ReturnType<typeof createStore>, topic: string, state: unknown) {
  applyLiveBatch(store, new Map([[topic, { value: { state }, receivedAt: Date.now() }]]));
}

describe("switches (spec §2, §3)", () => {
  it("counts switches with no purpose for the badge", () => {
    const store = createStore();
    expect(store.get(switchesWithoutPurposeCountAtom)).toBe(0);
    store.set(switchesAtom, [
      { name: "a", label: "A", purpose: null },
      { name: "b", label: "B", purpose: "heater" },
      { name: "c", label: "C", purpose: "  " },
    ]);
    expect(store.get(switchesWithoutPurposeCountAtom)).toBe(2);
  });

  it("parses 'name' and 'name/relay' references and builds power topics", () => {
    expect(parseSwitchRef("kitchen")).toEqual({ name: "kitchen" });
    expect(parseSwitchRef("strip/2")).toEqual({ name: "strip", relay: 2 });
    expect(powerTopic("strip", 2)).toBe("power/strip/POWER2");
    expect(powerTopic("kitchen")).toBe("power/kitchen/POWER");
  });

  it("reads one relay, and counts a switch without relay as on when any relay is on", () => {
    const store = createStore();
    expect(store.get(switchPowerAtom("sw_test"))).toBe("unknown");
    setPower(store, "power/sw_test/POWER1", "OFF");
    setPower(store, "power/sw_test/POWER2", "ON");
    expect(store.get(switchPowerAtom("sw_test", 1))).toBe("off");
    expect(store.get(switchPowerAtom("sw_test", 2))).toBe("on");
    expect(store.get(switchPowerAtom("sw_test"))).toBe("on");
    setPower(store, "power/sw_test/POWER2", "OFF");
    expect(store.get(switchPowerAtom("sw_test"))).toBe("off");
  });

  it("treats a malformed power payload as unknown", () => {
    const store = createStore();
    setPower(store, "power/sw_bad/POWER", "MAYBE");
    expect(store.get(switchPowerAtom("sw_bad"))).toBe("unknown");
  });

  it("a switch without a relay follows only its own device's relays, not every topic", () => {
    const store = createStore();
    const powerAtom = switchPowerAtom("sw_own");
    let notified = 0;
    const stop = store.sub(powerAtom, () => notified++);
    setPower(store, "power/sw_other/POWER1", "ON");
    setPower(store, "sensor/temp/sw_own", "ON");
    expect(notified).toBe(0);
    setPower(store, "power/sw_own/POWER3", "ON");
    expect(store.get(powerAtom)).toBe("on");
    expect(notified).toBe(1);
    stop();
  });
});
