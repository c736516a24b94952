import { tasmotaTeleTopic } from "../../contract/topics";
import { tasmotaSwitch, type DeviceMessage, type SimDevice } from "./devices";
import { RandomWalk, round, tasmotaTime } from "./random-walk";

/** The demo's Tasmota device found by native discovery: its MAC (discovery level) and topic `t`. */
export const DISCOVERED_TASMOTA = { mac: "A4CF127E21A4", topic: "tasmota_7E21A4" } as const;

/** `n` copies of `value` after `head` (Tasmota's fixed-length discovery arrays). */
const padded = <T>(head: T[], value: T, n: number): T[] => [...head, ...Array<T>(n - head.length).fill(value)];

/**
 * The discovery config a Sonoff Dual R2 with topic `topic` and MAC `mac` publishes (every field in
 * the order and form of tests/fixtures/tasmota/discovery_relay2_bme280_config.json, from Tasmota's
 * xdrv_12_discovery.ino): two relays named 'Wentylator' and 'Lustro', device name 'Łazienka'.
 */
export function dualR2DiscoveryConfig(topic: string, mac: string): Record<string, unknown> {
  return {
    ip: "192.168.1.57",
    dn: "Łazienka",
    fn: padded(["Wentylator", "Lustro"], null, 8),
    hn: `${topic}-${mac.slice(-4)}`,
    mac,
    md: "Sonoff Dual R2",
    ty: 0,
    if: 0,
    ofln: "Offline",
    onln: "Online",
    state: ["OFF", "ON", "TOGGLE", "HOLD"],
    sw: "13.1.0",
    t: topic,
    ft: "%prefix%/%topic%/",
    tp: ["cmnd", "stat", "tele"],
    rl: padded([1, 1], 0, 32),
    swc: padded([0], -1, 28),
    swn: padded<string | null>(["Switch1"], null, 28),
    btn: padded([1, 1], 0, 32),
    so: { "4": 0, "11": 0, "13": 0, "17": 0, "20": 0, "30": 0, "68": 0, "73": 1, "82": 0, "114": 1, "117": 0 },
    lk: 0,
    lt_st: 0,
    bat: 0,
    dslp: 0,
    sho: [],
    sht: [],
    ver: 1,
  };
}

/**
 * A simulated Tasmota Sonoff Dual R2 with a BME280 (the bathroom's fan and mirror light) that
 * announces itself by native discovery, as Tasmota 9.1+ does by default: first round, retained,
 * `tasmota/discovery/<mac>/config` ({@link dualR2DiscoveryConfig}) and `…/sensors`
 * (`{"sn": <its SENSOR payload>, "ver": 1}`); then as {@link tasmotaSwitch} with two relays (LWT,
 * `tele/<t>/STATE` with POWER1/POWER2 every round, `cmnd/<t>/POWER1|POWER2` answered with
 * `stat/<t>/RESULT` and `stat/<t>/POWER<n>`), plus `tele/<t>/SENSOR` with the BME280's readings every
 * round (small random walks of the simulator's `random`).
 */
export function tasmotaDiscoveredDualR2(topic: string, mac: string, random: () => number): SimDevice {
  const relays = tasmotaSwitch(topic, 2, random);
  const temp = new RandomWalk(23 + random() * 2, 16, 30, 0.1, random);
  const humid = new RandomWalk(62, 35, 95, 0.8, random);
  const pressure = new RandomWalk(1009, 975, 1040, 0.3, random);
  let first = true;
  const sensor = (at: Date) => ({
    Time: tasmotaTime(at),
    BME280: {
      Temperature: round(temp.next(), 1),
      Humidity: round(humid.next(), 1),
      Pressure: round(pressure.next(), 1),
    },
    PressureUnit: "hPa",
    TempUnit: "C",
  });
  return {
    name: topic,
    tick(at) {
      const out: DeviceMessage[] = [];
      if (first) {
        first = false;
        out.push(
          {
            topic: `tasmota/discovery/${mac}/config`,
            payload: JSON.stringify(dualR2DiscoveryConfig(topic, mac)),
            retain: true,
          },
          {
            topic: `tasmota/discovery/${mac}/sensors`,
            payload: JSON.stringify({ sn: sensor(at), ver: 1 }),
            retain: true,
          },
        );
      }
      out.push(...relays.tick(at), {
        topic: tasmotaTeleTopic(topic, "SENSOR"),
        payload: JSON.stringify(sensor(at)),
        retain: false,
      });
      return out;
    },
    ...(relays.commandFilters ? { commandFilters: relays.commandFilters } : {}),
    ...(relays.command ? { command: relays.command.bind(relays) } : {}),
  };
}
