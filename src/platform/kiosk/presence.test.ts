import { describe, expect, it } from "vitest";
import { detectsPresence, wakeSensorTopic } from "./presence";

describe("wake sensor", () => {
  it("reads a household sensor's occupancy topic or an adopted device's state", () => {
    expect(wakeSensorTopic("kuchnia")).toBe("sensor/occupancy/kuchnia");
    expect(wakeSensorTopic("z2m:ruch_kuchnia")).toBe("device/z2m:ruch_kuchnia/state");
  });

  it("detects a reading of 1 or a device's occupancy/presence/motion true; anything else is no one", () => {
    const time = "2026-11-27T12:00:00.000Z";
    expect(detectsPresence("sensor/occupancy/kuchnia", { value: 1, time })).toBe(true);
    expect(detectsPresence("sensor/occupancy/kuchnia", { value: 0, time })).toBe(false);
    expect(detectsPresence("sensor/occupancy/kuchnia", "1")).toBe(false);
    const at = time;
    expect(detectsPresence("device/z2m:ruch/state", { values: { occupancy: true, battery: 90 }, at })).toBe(true);
    expect(detectsPresence("device/z2m:ruch/state", { values: { presence: true }, at })).toBe(true);
    expect(detectsPresence("device/z2m:ruch/state", { values: { occupancy: false }, at })).toBe(false);
    expect(
      detectsPresence("device/z2m:ruch/state", JSON.parse('{"values":{"__proto__":{"occupancy":true}},"at":"x"}')),
    ).toBe(false);
    expect(detectsPresence("device/z2m:ruch/state", null)).toBe(false);
  });
});
