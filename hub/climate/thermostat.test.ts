import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { HeaterConfigBodySchema } from "../../contract/climate";
import { thermostatDecision } from "./thermostat";

describe("thermostat decision (generic_thermostat with hysteresis 0.3 °C)", () => {
  it("off and on ignore the temperature", () => {
    expect(thermostatDecision({ mode: "off", target: 21, current: 10, relay: "ON" })).toBe("OFF");
    expect(thermostatDecision({ mode: "on", target: 21, current: 30, relay: "OFF" })).toBe("ON");
  });

  it("auto: on at or below target − 0.3, off at or above target + 0.3, unchanged between", () => {
    const at = (current: number, relay: "ON" | "OFF" | null) =>
      thermostatDecision({ mode: "auto", target: 21, current, relay });
    expect(at(20.7, "OFF")).toBe("ON");
    expect(at(20.8, "OFF")).toBe("OFF");
    expect(at(21.2, "ON")).toBe("ON");
    expect(at(21.3, "ON")).toBe("OFF");
    expect(at(21, null)).toBeNull();
    // Warming up from cold: stays on through the band until the upper edge.
    const path = [19, 20.5, 20.9, 21.1, 21.29, 21.3, 21.1, 20.8, 20.7];
    let relay: "ON" | "OFF" = "OFF";
    const seen = path.map(
      (t) => (relay = thermostatDecision({ mode: "auto", target: 21, current: t, relay }) ?? relay),
    );
    expect(seen).toEqual(["ON", "ON", "ON", "ON", "ON", "OFF", "OFF", "OFF", "ON"]);
  });

  it("auto without a fresh reading turns the relay off (never heats blind)", () => {
    expect(thermostatDecision({ mode: "auto", target: 21, current: null, relay: "ON" })).toBe("OFF");
  });
});

describe("PATCH heater/config body", () => {
  it("temperature 5..30 on the 0.5 step and/or a sensor id; at least one; nothing else", () => {
    for (const body of [
      { temperature: 5 },
      { temperature: 21.5 },
      { sensor: "salon-temp" },
      { temperature: 30, sensor: "x" },
    ])
      expect(v.is(HeaterConfigBodySchema, body), JSON.stringify(body)).toBe(true);
    for (const body of [
      {},
      { temperature: 4.5 },
      { temperature: 30.5 },
      { temperature: 21.2 },
      { temperature: "21" },
      { sensor: "" },
      { mode: "on" },
    ])
      expect(v.is(HeaterConfigBodySchema, body), JSON.stringify(body)).toBe(false);
  });
});
