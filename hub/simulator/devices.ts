import { tasmotaStatusAnswer } from "./tasmota-status";
import { RandomWalk, daylightLux, round, tasmotaTime } from "./random-walk";
import { TASMOTA_CMND, tasmotaStatTopic, tasmotaTeleTopic, zigbee2mqttTopic } from "../../contract/topics";

/** One native device message: topic and exact payload text, retained like the real device. */
export interface DeviceMessage {
  topic: string;
  payload: string;
  retain: boolean;
}

/** A simulated device: `tick` answers the messages it would publish now. */
export interface SimDevice {
  readonly name: string;
  tick(at: Date): DeviceMessage[];
  /** Commands it obeys (lights): device topics matching `filter` get `handle`'s answer after `delayMs`. */
  commands?: { filter: string; delayMs: number; handle(topic: string, payload: Buffer): DeviceMessage[] };
  /** Command topic filters the device subscribes to (Tasmota `cmnd/<t>/#`); none = it takes no commands. */
  readonly commandFilters?: readonly string[];
  /** Answers a command on one of {@link commandFilters} with the messages the real device would publish. */
  command?(topic: string, payload: string, at: Date): DeviceMessage[];
  /**
   * Called once when the simulator starts, with its `publish`, for what a device does between rounds
   * (a blind moving in steps); answers a function that stops it.
   */
  start?(publish: (message: DeviceMessage) => void): () => void;
}

const tele = (device: string, suffix: string, body: unknown): DeviceMessage => ({
  topic: tasmotaTeleTopic(device, suffix),
  payload: JSON.stringify(body),
  retain: false,
});
const lwt = (device: string): DeviceMessage => ({
  topic: tasmotaTeleTopic(device, "LWT"),
  payload: "Online",
  retain: true,
});

/** Zigbee2MQTT publishes its keys sorted (json-stable-stringify). */
function z2mState(name: string, body: Record<string, number | boolean>): DeviceMessage {
  const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return { topic: zigbee2mqttTopic(name), payload: JSON.stringify(sorted), retain: false };
}
const z2mAvailability = (name: string): DeviceMessage => ({
  topic: zigbee2mqttTopic(name, "availability"),
  payload: JSON.stringify({ state: "online" }),
  retain: true,
});

/** Tasmota BME280 on `balkon` (tele/balkon/SENSOR, as in the BME280 docs). */
export function tasmotaBme280(name: string, random: () => number): SimDevice {
  const temp = new RandomWalk(8 + random() * 6, -20, 35, 0.15, random);
  const humid = new RandomWalk(70, 30, 99, 0.6, random);
  const pressure = new RandomWalk(1008, 975, 1040, 0.3, random);
  let first = true;
  return {
    name,
    tick(at) {
      const out = [
        tele(name, "SENSOR", {
          Time: tasmotaTime(at),
          BME280: {
            Temperature: round(temp.next(), 1),
            Humidity: round(humid.next(), 1),
            Pressure: round(pressure.next(), 1),
          },
          PressureUnit: "hPa",
          TempUnit: "C",
        }),
      ];
      if (first) out.unshift(lwt(name));
      first = false;
      return out;
    },
  };
}

/** Tasmota with DS18B20-1 (tunnel) and DS18B20-2 (cellar) 1-wire probes. */
export function tasmotaDs18b20(name: string, random: () => number): SimDevice {
  const tunnel = new RandomWalk(4 + random() * 4, -15, 25, 0.1, random);
  const cellar = new RandomWalk(11, 5, 18, 0.05, random);
  let first = true;
  return {
    name,
    tick(at) {
      const out = [
        tele(name, "SENSOR", {
          Time: tasmotaTime(at),
          "DS18B20-1": { Id: "00000566CC39", Temperature: round(tunnel.next(), 1) },
          "DS18B20-2": { Id: "0000059352D4", Temperature: round(cellar.next(), 1) },
          TempUnit: "C",
        }),
      ];
      if (first) out.unshift(lwt(name));
      first = false;
      return out;
    },
  };
}

/** Tasmota BH1750 light sensor: `{"BH1750":{"Illuminance":lux}}`, following the day cycle. */
export function tasmotaBh1750(name: string, random: () => number): SimDevice {
  let first = true;
  return {
    name,
    tick(at) {
      const lux = Math.max(0, Math.round(daylightLux(at.getHours() + at.getMinutes() / 60) * (0.8 + random() * 0.3)));
      const out = [tele(name, "SENSOR", { Time: tasmotaTime(at), BH1750: { Illuminance: lux } })];
      if (first) out.unshift(lwt(name));
      first = false;
      return out;
    },
  };
}

/** Tasmota SDS0X1 particulate sensor: keys `PM2.5` and `PM10` (dotted key, as the real driver). */
export function tasmotaSds011(name: string, random: () => number): SimDevice {
  const pm25 = new RandomWalk(12, 1, 80, 1.5, random);
  const pm10 = new RandomWalk(20, 2, 140, 2.5, random);
  let first = true;
  return {
    name,
    tick(at) {
      const small = round(pm25.next(), 1);
      const out = [
        tele(name, "SENSOR", {
          Time: tasmotaTime(at),
          SDS0X1: { "PM2.5": small, PM10: round(Math.max(small, pm10.next()), 1) },
        }),
      ];
      if (first) out.unshift(lwt(name));
      first = false;
      return out;
    },
  };
}

/** Zigbee2MQTT Aqara WSDCGQ11LM (temperature, humidity, pressure, battery, voltage, linkquality). */
export function zigbeeWeatherSensor(name: string, random: () => number, indoor: boolean): SimDevice {
  const temp = indoor
    ? new RandomWalk(21.5, 17, 27, 0.08, random)
    : new RandomWalk(9 + random() * 5, -20, 35, 0.15, random);
  const humid = new RandomWalk(indoor ? 45 : 72, 20, 99, 0.5, random);
  const pressure = new RandomWalk(1008, 975, 1040, 0.3, random);
  let battery = 97;
  let first = true;
  return {
    name,
    tick(at) {
      battery = Math.max(5, battery - random() * 0.02);
      const out = [
        z2mState(name, {
          battery: Math.round(battery),
          humidity: round(humid.next(), 1),
          linkquality: 60 + Math.round(random() * 40),
          power_outage_count: 11574,
          pressure: round(pressure.next(), 1),
          temperature: round(temp.next(), 1),
          voltage: 2900 + Math.round(battery),
        }),
      ];
      void at;
      if (first) out.unshift(z2mAvailability(name));
      first = false;
      return out;
    },
  };
}

/** Zigbee2MQTT door contact sensor (`contact: false` = open), opening now and then. */
export function zigbeeContactSensor(name: string, random: () => number): SimDevice {
  let contact = true;
  let battery = 100;
  let first = true;
  return {
    name,
    tick() {
      if (random() < 0.08) contact = !contact;
      battery = Math.max(5, battery - random() * 0.01);
      const out = [
        z2mState(name, {
          battery: Math.round(battery),
          contact,
          linkquality: 94,
          power_outage_count: 51,
          voltage: 3025,
        }),
      ];
      if (first) out.unshift(z2mAvailability(name));
      first = false;
      return out;
    },
  };
}

/** Tasmota's power command payloads (case-insensitive; `1`/`0`/`2` too), or null for anything else. */
function powerAction(payload: string): "ON" | "OFF" | "TOGGLE" | "QUERY" | null {
  const word = payload.trim().toUpperCase();
  if (word === "") return "QUERY";
  if (word === "ON" || word === "1") return "ON";
  if (word === "OFF" || word === "0") return "OFF";
  if (word === "TOGGLE" || word === "2") return "TOGGLE";
  return null;
}

/**
 * Tasmota switch with `relays` relays: `tele/<t>/STATE` with POWER (one relay) or POWER1..n,
 * and on a toggle `stat/<t>/RESULT` + raw `stat/<t>/POWER<n>`; LWT Online (retained) first. Takes
 * commands as Tasmota does (subscribed to `cmnd/<t>/#`): `POWER` (= relay 1) or `POWER<n>` with
 * `ON`/`OFF`/`TOGGLE` (or `1`/`0`/`2`, any case; empty = query) switches the relay and answers
 * `stat/<t>/RESULT` `{"POWER1":"ON"}` then `stat/<t>/POWER1` `ON` (the key is `POWER` on a
 * one-relay device; fixtures result_power_toggle.json, stat_power1_raw.json); an unknown command or
 * relay answers `{"Command":"Unknown"}`, a bad payload changes nothing and answers the state.
 * Console commands `Status [n]` and `State` answer as the firmware does (tasmota-status.ts).
 */
export function tasmotaSwitch(name: string, relays: number, random: () => number): SimDevice {
  const keys = relays === 1 ? ["POWER"] : Array.from({ length: relays }, (_, i) => `POWER${i + 1}`);
  const states = keys.map(() => random() < 0.5);
  let first = true;
  let uptime = 0;
  return {
    name,
    tick(at) {
      uptime += 1;
      const out: DeviceMessage[] = [];
      if (first) out.push(lwt(name));
      if (!first && random() < 0.1) {
        const which = Math.floor(random() * keys.length);
        states[which] = !states[which];
        const key = keys[which] ?? "POWER";
        const state = states[which] ? "ON" : "OFF";
        out.push({ topic: tasmotaStatTopic(name, "RESULT"), payload: JSON.stringify({ [key]: state }), retain: false });
        out.push({ topic: tasmotaStatTopic(name, key), payload: state, retain: false });
      }
      const power = Object.fromEntries(keys.map((key, i) => [key, states[i] ? "ON" : "OFF"]));
      out.push(
        tele(name, "STATE", {
          Time: tasmotaTime(at),
          Uptime: `0T00:00:${String(uptime % 60).padStart(2, "0")}`,
          UptimeSec: uptime,
          Heap: 27,
          SleepMode: "Dynamic",
          Sleep: 50,
          LoadAvg: 19,
          MqttCount: 1,
          ...power,
          Wifi: { AP: 1, SSId: "dom", Channel: 6, RSSI: 70, LinkCount: 1 },
        }),
      );
      first = false;
      return out;
    },
    commandFilters: [`${TASMOTA_CMND}/${name}/#`],
    command(topic, payload, at) {
      const self = {
        name,
        power: Object.fromEntries(keys.map((key, i) => [key, states[i] ? ("ON" as const) : ("OFF" as const)])),
        uptimeSec: uptime,
        at,
      };
      const status = tasmotaStatusAnswer(self, topic.slice(`${TASMOTA_CMND}/${name}/`.length), payload);
      if (status) return status;
      const command = topic.slice(`${TASMOTA_CMND}/${name}/`.length).toUpperCase();
      const match = /^POWER(\d{0,2})$/.exec(command);
      const index = match ? (match[1] === "" ? 1 : Number(match[1])) : 0;
      if (index < 1 || index > keys.length)
        return [
          { topic: tasmotaStatTopic(name, "RESULT"), payload: JSON.stringify({ Command: "Unknown" }), retain: false },
        ];
      const i = index - 1;
      const action = powerAction(payload);
      if (action === "ON") states[i] = true;
      else if (action === "OFF") states[i] = false;
      else if (action === "TOGGLE") states[i] = !states[i];
      const key = keys[i] ?? "POWER";
      const state = states[i] ? "ON" : "OFF";
      return [
        { topic: tasmotaStatTopic(name, "RESULT"), payload: JSON.stringify({ [key]: state }), retain: false },
        { topic: tasmotaStatTopic(name, key), payload: state, retain: false },
      ];
    },
  };
}

/** Home of the demo household (its `gps.home`, gps/domain.ts): a house with a garden near Warsaw. */
export const DEMO_HOME = { lat: 52.16425, lon: 21.07853 } as const;
