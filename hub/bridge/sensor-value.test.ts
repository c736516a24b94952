import { describe, expect, it } from "vitest";
import type { Sensor } from "../household/schema";
import { sensorValue } from "./sensor-value";

const sensor = (kind: Sensor["kind"], invert?: boolean): Sensor => ({
  id: `${kind}_x`,
  kind,
  place: "x",
  label: "X",
  source: { type: "zigbee2mqtt", device: "Hall", property: "p" },
  ...(invert !== undefined ? { invert } : {}),
});

describe("sensor values of the added kinds", () => {
  it("reads motion, a leak and smoke as 1 detected / 0 not, from booleans, ON/OFF and 1/0", () => {
    for (const kind of ["occupancy", "leak", "smoke"] as const) {
      expect([true, false, "ON", "OFF", 1, 0].map((raw) => sensorValue(sensor(kind), raw))).toEqual(
        [1, 0, 1, 0, 1, 0].map((value) => ({ ok: true, value })),
      );
      expect(sensorValue(sensor(kind, true), true)).toEqual({ ok: true, value: 0 });
      expect(sensorValue(sensor(kind), "wet")).toMatchObject({ ok: false });
    }
  });

  it("keeps the door as it was: Zigbee2MQTT's contact false is open", () => {
    expect(sensorValue(sensor("door"), false)).toEqual({ ok: true, value: 1 });
    expect(sensorValue(sensor("door", true), false)).toEqual({ ok: true, value: 0 });
  });

  it("reads CO2, VOC, power, energy, voltage and current as numbers; a negative CO2, VOC or energy is refused", () => {
    for (const kind of ["co2", "voc", "watts", "energy", "voltage", "current"] as const)
      expect(sensorValue(sensor(kind), 12.5)).toEqual({ ok: true, value: 12.5 });
    for (const kind of ["co2", "voc", "energy"] as const)
      expect(sensorValue(sensor(kind), -1)).toMatchObject({ ok: false });
    expect(sensorValue(sensor("watts"), -3)).toEqual({ ok: true, value: -3 });
  });
});
