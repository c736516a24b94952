import { readFileSync } from "node:fs";
import { ZIGBEE2MQTT_BASE, zigbee2mqttTopic } from "../../contract/topics";
import type { DeviceMessage, SimDevice } from "./devices";
import { SIM_ANSWER_DELAY_MS } from "./lights";
import { RandomWalk, round } from "./random-walk";

/**
 * The demo's Zigbee2MQTT household beyond its lights: eleven devices found by discovery, whose
 * `bridge/devices` entries (`zigbee2mqtt-devices.json`) are those of the shared fixture
 * tests/fixtures/zigbee2mqtt/bridge_devices_household.json (built from zigbee-herdsman-converters
 * 26.112.0, tests/fixtures/README.md), renamed to the demo's names: a plug (Aqara SP-EUC01), a 2-gang
 * relay (Aqara LLKZMK11LM, endpoints l1 and l2), a blind (IKEA E1757), a radiator valve (Danfoss
 * 014G2461), a lock (Yale YRD426NRSC), motion (Aqara RTCGQ11LM), contact (MCCGQ11LM), leak
 * (SJCGQ11LM), climate (WSDCGQ11LM), a button (WXKG11LM) and an air sensor (VOCKQJK11LM).
 * The simulator joins this list with the lights' into the one `bridge/devices` Zigbee2MQTT publishes
 * (simulator.ts).
 */

/** The blind's travel per step, %, and the time between steps, ms (0 to 100 % in about 5 s). */
export const BLIND_STEP = 10;
export const BLIND_STEP_MS = 500;
/** How often the climate and air sensors, the valve and a running plug report, ms. */
export const REPORT_MS = 30_000;
/** How long motion stays detected (the RTCGQ11LM's occupancy_timeout), ms. */
const OCCUPANCY_MS = 90_000;

const ENTRIES: unknown[] = JSON.parse(
  readFileSync(new URL("./zigbee2mqtt-devices.json", import.meta.url), "utf8"),
) as unknown[];

/** The demo names of the simulated devices, by what they are. */
export const Z2M_DEMO = {
  plug: "gniazdko_kuchnia",
  relay: "przekaznik_korytarz",
  blind: "roleta_sypialnia",
  valve: "glowica_salon",
  lock: "zamek_drzwi",
  motion: "ruch_korytarz",
  contact: "kontaktron_balkon",
  leak: "zalanie_lazienka",
  climate: "klimat_sypialnia",
  button: "przycisk_nocny",
  air: "powietrze_salon",
} as const;

type State = Record<string, string | number | boolean>;

/** The first state of each device (shaped as tests/fixtures/zigbee2mqtt/household_states.json). */
function firstStates(random: () => number): Map<string, State> {
  const d = Z2M_DEMO;
  return new Map<string, State>([
    [
      d.plug,
      {
        state: "OFF",
        power: 0,
        energy: 12.4,
        voltage: 231,
        current: 0,
        device_temperature: 29,
        power_outage_memory: true,
        consumer_connected: true,
        led_disabled_night: false,
        overload_protection: 2300,
        auto_off: false,
        button_lock: false,
        linkquality: 156,
      },
    ],
    [
      d.relay,
      {
        state_l1: "ON",
        state_l2: "OFF",
        power: 11.5,
        energy: 0.42,
        device_temperature: 29,
        voltage: 230,
        current: 0.05,
        power_outage_count: 2,
        power_outage_memory: true,
        interlock: false,
        linkquality: 98,
      },
    ],
    [d.blind, { position: 100, state: "OPEN", battery: 87, linkquality: 72 }],
    [
      d.valve,
      {
        local_temperature: 20.5,
        occupied_heating_setpoint: 21,
        pi_heating_demand: 35,
        system_mode: "heat",
        running_state: "heat",
        battery: 76,
        keypad_lockout: "unlock",
        window_open_external: false,
        linkquality: 60,
      },
    ],
    [
      d.lock,
      {
        state: "LOCK",
        lock_state: "locked",
        battery: 90,
        auto_relock_time: 10,
        sound_volume: "low_volume",
        battery_low: false,
        linkquality: 83,
      },
    ],
    [
      d.motion,
      {
        occupancy: false,
        illuminance: 112,
        battery: 100,
        voltage: 3015,
        device_temperature: 22,
        power_outage_count: 0,
        linkquality: 141,
      },
    ],
    [
      d.contact,
      {
        contact: true,
        battery: 95,
        voltage: 3005,
        device_temperature: 20,
        power_outage_count: 1,
        trigger_count: 12,
        linkquality: 105,
      },
    ],
    [
      d.leak,
      {
        water_leak: false,
        battery_low: false,
        battery: 100,
        voltage: 3055,
        device_temperature: 23,
        power_outage_count: 0,
        trigger_count: 0,
        linkquality: 117,
      },
    ],
    [
      d.climate,
      {
        temperature: round(19.5 + random() * 2, 1),
        humidity: 48.5,
        pressure: 1012.6,
        battery: 91,
        voltage: 2985,
        linkquality: 66,
      },
    ],
    [d.button, { battery: 100, voltage: 3032, device_temperature: 21, power_outage_count: 0, linkquality: 102 }],
    [
      d.air,
      {
        air_quality: "good",
        voc: 160,
        temperature: 21.8,
        humidity: 44.2,
        battery: 98,
        voltage: 3010,
        device_temperature: 22,
        display_unit: "celsius_ppb",
        linkquality: 111,
      },
    ],
  ]);
}

/** Zigbee2MQTT publishes its keys sorted (json-stable-stringify). */
function sorted(body: State): string {
  return JSON.stringify(Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b))));
}

/** An `ON`/`OFF`/`TOGGLE` command applied to a current `ON`/`OFF`, or undefined for anything else. */
function onOff(value: unknown, current: unknown): "ON" | "OFF" | undefined {
  if (value === "ON" || value === "OFF") return value;
  if (value === "TOGGLE") return current === "ON" ? "OFF" : "ON";
  return undefined;
}

/** The air quality of a VOC level, ppb (the VOCKQJK11LM's bands). */
function airQuality(voc: number): string {
  if (voc <= 65) return "excellent";
  if (voc <= 220) return "good";
  if (voc <= 660) return "moderate";
  if (voc <= 2200) return "poor";
  return "unhealthy";
}

/**
 * A simulated Zigbee2MQTT gateway with the devices of `zigbee2mqtt-devices.json`, using `random`
 * (the simulator's) for its readings:
 * - first round: its retained `bridge/devices`, each device's retained availability `online` and its
 *   retained state (`zigbee2mqtt/<name>`, keys sorted as Zigbee2MQTT writes them);
 * - `zigbee2mqtt/<name>/set` answered after {@link SIM_ANSWER_DELAY_MS} with the device's merged
 *   state: the plug and relay `state`/`state_l<n>` (ON, OFF, TOGGLE; the plug then draws about 2 kW,
 *   a kettle), the lock `state` LOCK/UNLOCK (with `lock_state`), the valve's set point (5..35 °C,
 *   step 0.5) and mode, any other known property of the same type as it holds; the blind's `position`
 *   (0..100) or `state` OPEN/CLOSE/STOP moves it {@link BLIND_STEP} % every {@link BLIND_STEP_MS} ms,
 *   each step published (through `start`'s publish; without it, at once). A payload that is not a
 *   JSON object, or a device not its own, is ignored;
 * - then, by the clock: the climate and air sensors, the valve and the plug while on every
 *   {@link REPORT_MS} (small random walks); motion now and then (cleared after 90 s); the balcony
 *   door opened rarely (closed again within a minute); the button pressed rarely (`action: single`,
 *   not retained); the leak sensor stays dry.
 */
export function zigbee2mqttDevices(random: () => number): SimDevice {
  const d = Z2M_DEMO;
  const states = firstStates(random);
  const state = (name: string): State => states.get(name) ?? {};
  const climate = {
    temperature: new RandomWalk(Number(state(d.climate).temperature), 17, 26, 0.1, random),
    humidity: new RandomWalk(48.5, 30, 70, 0.4, random),
    pressure: new RandomWalk(1012.6, 985, 1035, 0.2, random),
  };
  const air = {
    temperature: new RandomWalk(21.8, 18, 26, 0.08, random),
    humidity: new RandomWalk(44.2, 30, 65, 0.4, random),
    voc: new RandomWalk(160, 20, 900, 15, random),
  };
  /** When each clocked report is due next (ms since the epoch); 0 until the first round. */
  const due = { report: 0, motion: 0, motionEnd: 0, door: 0, doorEnd: 0, button: 0 };
  let first = true;
  let publish: ((message: DeviceMessage) => void) | undefined;
  let mover: ReturnType<typeof setInterval> | undefined;
  let target = 100;

  const message = (name: string, retain = true): DeviceMessage => ({
    topic: zigbee2mqttTopic(name),
    payload: sorted(state(name)),
    retain,
  });
  const minutes = (low: number, high: number) => (low + random() * (high - low)) * 60_000;

  const stopMoving = () => {
    if (mover !== undefined) clearInterval(mover);
    mover = undefined;
  };
  const stepBlind = (): boolean => {
    const blind = state(d.blind);
    const position = Number(blind.position);
    const next = position < target ? Math.min(target, position + BLIND_STEP) : Math.max(target, position - BLIND_STEP);
    blind.position = next;
    blind.state = next > 0 ? "OPEN" : "CLOSE";
    return next === target;
  };
  const moveBlind = (to: number) => {
    target = Math.min(100, Math.max(0, Math.round(to)));
    stopMoving();
    if (!publish) {
      state(d.blind).position = target;
      state(d.blind).state = target > 0 ? "OPEN" : "CLOSE";
      return;
    }
    const out = publish;
    mover = setInterval(() => {
      const done = stepBlind();
      out(message(d.blind));
      if (done) stopMoving();
    }, BLIND_STEP_MS);
    mover.unref();
  };

  /** Applies a `/set` body to device `name`; false when nothing of it applies. */
  const apply = (name: string, body: Record<string, unknown>): boolean => {
    const current = state(name);
    const value = (key: string) => (Object.hasOwn(body, key) ? body[key] : undefined);
    let changed = false;
    if (name === d.blind) {
      const position = value("position");
      const command = value("state");
      if (typeof position === "number" && Number.isFinite(position)) moveBlind(position);
      else if (command === "OPEN") moveBlind(100);
      else if (command === "CLOSE") moveBlind(0);
      else if (command === "STOP") stopMoving();
      else return false;
      return true;
    }
    if (name === d.lock) {
      const command = value("state");
      if (command !== "LOCK" && command !== "UNLOCK") return false;
      current.state = command;
      current.lock_state = command === "LOCK" ? "locked" : "unlocked";
      return true;
    }
    if (name === d.valve) {
      const setpoint = value("occupied_heating_setpoint");
      if (typeof setpoint === "number" && Number.isFinite(setpoint)) {
        current.occupied_heating_setpoint = Math.min(35, Math.max(5, Math.round(setpoint * 2) / 2));
        changed = true;
      }
    }
    for (const key of Object.keys(body)) {
      if (!Object.hasOwn(current, key)) continue;
      const next = body[key];
      const switched = key.startsWith("state") ? onOff(next, current[key]) : undefined;
      if (switched) current[key] = switched;
      else if (!key.startsWith("state") && typeof next === typeof current[key] && key !== "occupied_heating_setpoint")
        current[key] = next as string | number | boolean;
      else continue;
      changed = true;
    }
    if (name === d.plug && changed) {
      const on = current.state === "ON";
      current.power = on ? round(1850 + random() * 150, 1) : 0;
      current.current = on ? round(Number(current.power) / Number(current.voltage), 2) : 0;
    }
    return changed;
  };

  const clocked = (now: number): DeviceMessage[] => {
    const out: DeviceMessage[] = [];
    if (now >= due.report) {
      due.report = now + REPORT_MS;
      Object.assign(state(d.climate), {
        temperature: round(climate.temperature.next(), 1),
        humidity: round(climate.humidity.next(), 1),
        pressure: round(climate.pressure.next(), 1),
        linkquality: 60 + Math.round(random() * 15),
      });
      const voc = Math.round(air.voc.next());
      Object.assign(state(d.air), {
        temperature: round(air.temperature.next(), 1),
        humidity: round(air.humidity.next(), 1),
        voc,
        air_quality: airQuality(voc),
      });
      const valve = state(d.valve);
      const room = Number(valve.local_temperature);
      const setpoint = Number(valve.occupied_heating_setpoint);
      const heating = valve.system_mode === "heat" && room < setpoint;
      valve.local_temperature = round(room + (heating ? 0.1 : -0.05) + (random() - 0.5) * 0.1, 1);
      valve.pi_heating_demand = heating ? Math.min(100, Math.round((setpoint - room) * 40)) : 0;
      valve.running_state = heating ? "heat" : "idle";
      out.push(message(d.climate), message(d.air), message(d.valve));
      const plug = state(d.plug);
      if (plug.state === "ON") {
        plug.power = round(1850 + random() * 150, 1);
        plug.energy = round(Number(plug.energy) + (Number(plug.power) * REPORT_MS) / 3_600_000_000, 2);
        out.push(message(d.plug));
      }
    }
    const motion = state(d.motion);
    if (now >= due.motion) {
      due.motion = now + minutes(2, 6);
      due.motionEnd = now + OCCUPANCY_MS;
      motion.occupancy = true;
      motion.illuminance = Math.round(80 + random() * 80);
      out.push(message(d.motion));
    } else if (motion.occupancy === true && now >= due.motionEnd) {
      motion.occupancy = false;
      out.push(message(d.motion));
    }
    const door = state(d.contact);
    if (now >= due.door) {
      due.door = now + minutes(15, 40);
      due.doorEnd = now + 20_000 + random() * 40_000;
      door.contact = false;
      door.trigger_count = Number(door.trigger_count) + 1;
      out.push(message(d.contact));
    } else if (door.contact === false && now >= due.doorEnd) {
      door.contact = true;
      out.push(message(d.contact));
    }
    if (now >= due.button) {
      due.button = now + minutes(10, 30);
      out.push({ ...message(d.button, false), payload: sorted({ ...state(d.button), action: "single" }) });
    }
    return out;
  };

  return {
    name: "zigbee2mqtt-devices",
    tick(at) {
      const now = at.getTime();
      if (!first) return clocked(now);
      first = false;
      due.report = now + REPORT_MS;
      due.motion = now + minutes(0.5, 2);
      due.door = now + minutes(5, 15);
      due.button = now + minutes(3, 10);
      const out: DeviceMessage[] = [
        { topic: `${ZIGBEE2MQTT_BASE}/bridge/devices`, payload: JSON.stringify(ENTRIES), retain: true },
      ];
      for (const name of states.keys())
        out.push(
          { topic: zigbee2mqttTopic(name, "availability"), payload: JSON.stringify({ state: "online" }), retain: true },
          message(name),
        );
      return out;
    },
    commands: {
      filter: `${ZIGBEE2MQTT_BASE}/+/set`,
      delayMs: SIM_ANSWER_DELAY_MS,
      handle(topic, payload) {
        const name = topic.split("/")[1] ?? "";
        if (!states.has(name)) return [];
        let body: unknown;
        try {
          body = JSON.parse(payload.toString("utf8"));
        } catch {
          return [];
        }
        if (typeof body !== "object" || body === null || Array.isArray(body)) return [];
        if (!apply(name, body as Record<string, unknown>)) return [];
        return name === d.blind && publish ? [] : [message(name)];
      },
    },
    start(out) {
      publish = out;
      return () => {
        stopMoving();
        publish = undefined;
      };
    },
  };
}
