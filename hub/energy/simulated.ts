import { tasmotaTeleTopic } from "../../contract/topics";
import { RandomWalk, round, tasmotaTime } from "../simulator/random-walk";
import type { SimDevice } from "../simulator/devices";

/** The relay state a Tasmota message reports, if it reports one (`{"POWER":"ON"}`, a bare `ON`). */
function reportedPower(topic: string, payload: Buffer): boolean | undefined {
  const text = payload.toString("utf8");
  if (/\/POWER1?$/.test(topic)) return text === "ON" ? true : text === "OFF" ? false : undefined;
  if (!/\/(RESULT|STATE)$/.test(topic)) return undefined;
  const state = /"POWER1?":"(ON|OFF)"/.exec(text)?.[1];
  return state === undefined ? undefined : state === "ON";
}

/**
 * The power monitor of a demo Tasmota plug another domain simulates (a Sonoff Pow driving `name`):
 * it follows the plug's relay from the plug's own reports (`stat/<name>/RESULT`, `POWER`,
 * `tele/<name>/STATE`) and each round publishes `tele/<name>/SENSOR` with an `ENERGY` object shaped
 * as the Sonoff Pow R2's (tests/fixtures/tasmota/sensor_energy_pow_r2.json): about `watts` W at 230 V
 * while on, 0 W off, Today and Total counting up.
 */
export function simulatedPowerMeter(name: string, watts: number, random: () => number): SimDevice {
  let on = false;
  let today = 0.412;
  let total = 183.275;
  let lastAt: number | null = null;
  const load = new RandomWalk(watts, watts * 0.8, watts * 1.2, watts * 0.01, random);
  const voltage = new RandomWalk(230, 220, 240, 0.4, random);
  return {
    name,
    commands: {
      filter: `+/${name}/+`,
      delayMs: 0,
      handle(topic, payload) {
        const reported = reportedPower(topic, payload);
        if (reported !== undefined) on = reported;
        return [];
      },
    },
    tick(at) {
      const power = on ? round(load.next(), 0) : 0;
      const volts = round(voltage.next(), 0);
      if (lastAt !== null) {
        const kwh = (power * (at.getTime() - lastAt)) / 3_600_000_000;
        today += kwh;
        total += kwh;
      }
      lastAt = at.getTime();
      const apparent = on ? round(power / 0.97, 0) : 0;
      const energy = {
        TotalStartTime: "2025-04-12T09:31:05",
        Total: round(total, 3),
        Yesterday: 1.874,
        Today: round(today, 3),
        Period: 0,
        Power: power,
        ApparentPower: apparent,
        ReactivePower: on ? round(Math.sqrt(apparent ** 2 - power ** 2), 0) : 0,
        Factor: on ? 0.97 : 0,
        Voltage: volts,
        Current: round(apparent / volts, 3),
      };
      return [
        {
          topic: tasmotaTeleTopic(name, "SENSOR"),
          payload: JSON.stringify({ Time: tasmotaTime(at), ENERGY: energy }),
          retain: false,
        },
      ];
    },
  };
}
