import { describe, expect, it } from "vitest";
import { asObject } from "../bridge/guards";
import { loadFixture } from "../testing/fixtures";
import { energyObjectOf, energyReadingOf } from "./reading";

const at = new Date("2026-11-27T10:00:00Z");

describe("a Tasmota ENERGY object as the reading of a switch", () => {
  it("takes the telemetry's ENERGY and the StatusSNS.ENERGY of a Status 10 answer (real Sonoff Pow R2 payloads)", () => {
    const sensor = asObject(loadFixture("tasmota/sensor_energy_pow_r2.json").json);
    const status = asObject(loadFixture("tasmota/status10_energy_pow_r2.json").json);
    const fromSensor = energyObjectOf("tele/SENSOR", sensor!);
    const fromStatus = energyObjectOf("stat/STATUS10", status!);
    expect(energyReadingOf(fromSensor!, undefined, at)).toEqual({
      power: 2635,
      voltage: 227,
      current: 11.661,
      today: 0.954,
      yesterday: 5.34,
      total: 6.294,
      totalStartTime: "2018-11-14T18:39:40",
      apparentPower: 2650,
      reactivePower: 282,
      factor: 0.99,
      time: "2026-11-27T10:00:00.000Z",
    });
    expect(energyReadingOf(fromStatus!, undefined, at)).toMatchObject({ power: 2629, today: 1.064, total: 6.404 });
    expect(energyObjectOf("stat/STATUS10", sensor!)).toBeUndefined();
  });

  it("a multi-channel meter's arrays: a relay-bound switch reads its channel, the whole device the sum (voltage shared)", () => {
    // The shape Tasmota documents for a two-channel meter (docs/Rules.md: "ENERGY":{"Current":[1.320,2.100]}).
    const energy = asObject({
      Power: [52, 5],
      Voltage: 235,
      Current: [1.32, 2.1],
      Today: [0.772, 0.059],
      Factor: [0.79, 0.5],
    })!;
    expect(energyReadingOf(energy, 1, at)).toMatchObject({
      power: 52,
      voltage: 235,
      current: 1.32,
      today: 0.772,
      factor: 0.79,
    });
    expect(energyReadingOf(energy, 2, at)).toMatchObject({ power: 5, current: 2.1, today: 0.059, factor: 0.5 });
    const whole = energyReadingOf(energy, undefined, at);
    expect(whole?.power).toBe(57);
    expect(whole?.current).toBeCloseTo(3.42, 6);
    expect(whole?.factor).toBe(0.79);
    expect(energyReadingOf(energy, 3, at)).toBeUndefined();
  });

  it("no usable Power is no reading; a negative voltage or a factor out of range is left out, never shown", () => {
    expect(energyReadingOf(asObject({ Power: "2635" })!, undefined, at)).toBeUndefined();
    expect(energyReadingOf(asObject({ Voltage: 230 })!, undefined, at)).toBeUndefined();
    expect(energyReadingOf(asObject({ Power: 10, Voltage: -3, Factor: 7 })!, undefined, at)).toMatchObject({
      power: 10,
      voltage: null,
      factor: null,
    });
  });
});
