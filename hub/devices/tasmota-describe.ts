import { ACCESS_READ, ACCESS_SET, CAPABILITY_LIMITS, type Capability } from "../../contract/devices";
import { asObject, ownField, type JsonObject } from "../bridge/guards";

/**
 * A Tasmota device described in the exposes vocabulary from what it says (pure): its memory of
 * relays, light fields, shutters and sensor fields ({@link rememberTasmota}) and the capabilities
 * that memory gives ({@link tasmotaCapabilities}). Followed on the router by devices/tasmota.ts.
 */

const READ_SET = ACCESS_READ | ACCESS_SET;
const POWER_KEY = /^POWER(\d{1,2})?$/;
const SHUTTER_KEY = /^Shutter(\d)$/;
/** Most sensor fields one Tasmota device is described with (later ones are left out). */
export const MAX_SENSOR_FIELDS = 64;
/** SENSOR keys that describe the payload, not a reading. */
const SENSOR_META = new Set(["Time", "TempUnit", "PressureUnit", "SpeedUnit", "Epoch"]);

/**
 * Units of Tasmota's sensor fields (tasmota.github.io/docs, each sensor's page; ENERGY: docs/Power-Monitoring):
 * temperature follows `TempUnit`, pressure `PressureUnit`.
 */
const UNITS: Readonly<Record<string, string>> = {
  Humidity: "%",
  DewPoint: "°C",
  Illuminance: "lx",
  Distance: "cm",
  CarbonDioxide: "ppm",
  eCO2: "ppm",
  TVOC: "ppb",
  PM1: "µg/m³",
  "PM2.5": "µg/m³",
  PM10: "µg/m³",
  Power: "W",
  ApparentPower: "VA",
  ReactivePower: "var",
  Voltage: "V",
  Current: "A",
  Total: "kWh",
  Today: "kWh",
  Yesterday: "kWh",
  Frequency: "Hz",
};

/** What one Tasmota device has said about itself, kept to describe it. */
export interface TasmotaMemory {
  /** POWER keys seen (`POWER`, `POWER1`..). */
  power: Set<string>;
  light: { Dimmer: boolean; CT: boolean; Color: boolean };
  shutters: Set<number>;
  /** Sensor fields by path (`BME280.Temperature`), with their unit. */
  sensors: Map<string, { unit: string | undefined; binary: boolean }>;
  /** It has an IR transmitter (the household file names it an IR blaster or an AC unit's blaster): it takes `IRSend` and `IRHVAC`. */
  ir: boolean;
  /**
   * What its discovery config says (tasmota-discovery.ts discoveryCapabilities): when set, these stand
   * for its relays, lights, shutters, buttons and switches, and `power`/`light`/`shutters` are not used.
   */
  discovered?: Capability[] | undefined;
}

/** An empty memory. */
export const tasmotaMemory = (): TasmotaMemory => ({
  power: new Set(),
  light: { Dimmer: false, CT: false, Color: false },
  shutters: new Set(),
  sensors: new Map(),
  ir: false,
});

/**
 * The capability of a Tasmota IR transmitter (tasmota.github.io/docs/Tasmota-IR, `IRSend`): a code to
 * send, set-only, named as Zigbee2MQTT names an IR blaster's (`ir_code_to_send`), property `IRSend`.
 */
export const IR_SEND_CAPABILITY: Capability = {
  type: "text",
  name: "ir_code_to_send",
  property: "IRSend",
  access: ACCESS_SET,
  description: "an IR code to send (Tasmota IRSend JSON)",
};

/** `Temperature` -> `temperature`, `DewPoint` -> `dew_point`, `PM2.5` -> `pm25`. */
export function featureName(field: string): string {
  return field
    .replace(/[^A-Za-z0-9]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

function unitOf(field: string, payload: JsonObject): string | undefined {
  if (field === "Temperature" || field === "DewPoint") {
    const unit = ownField(payload, "TempUnit");
    return unit === "F" ? "°F" : "°C";
  }
  if (field === "Pressure" || field === "SeaPressure") {
    const unit = ownField(payload, "PressureUnit");
    return typeof unit === "string" && unit.length <= 8 ? unit : "hPa";
  }
  return Object.hasOwn(UNITS, field) ? UNITS[field] : undefined;
}

/**
 * Records what a STATE, RESULT or SENSOR object says: POWER / POWER<n> keys (relays), Dimmer / CT /
 * Color (a light), `Shutter<n>` objects (shutters), and in a SENSOR each numeric field of a sensor
 * object (`{"BME280":{"Temperature":21.7}}` -> `BME280.Temperature`) or ON/OFF field (`Switch1`).
 * Answers true when the memory changed.
 */
export function rememberTasmota(memory: TasmotaMemory, kind: string, payload: JsonObject): boolean {
  let changed = false;
  const sensor = kind === "tele/SENSOR";
  for (const key of Object.keys(payload)) {
    const value = payload[key];
    if (POWER_KEY.test(key) && (value === "ON" || value === "OFF") && !memory.power.has(key)) {
      memory.power.add(key);
      changed = true;
    } else if ((key === "Dimmer" || key === "CT" || key === "Color") && !sensor && !memory.light[key]) {
      memory.light[key] = true;
      changed = true;
    } else if (SHUTTER_KEY.test(key) && asObject(value) && !memory.shutters.has(Number(key.slice(7)))) {
      memory.shutters.add(Number(key.slice(7)));
      changed = true;
    } else if (sensor && !SENSOR_META.has(key)) changed = rememberSensor(memory, key, value, payload) || changed;
  }
  return changed;
}

function rememberSensor(memory: TasmotaMemory, key: string, value: unknown, payload: JsonObject): boolean {
  const fields: [string, string, unknown][] = [];
  const group = asObject(value);
  if (group) for (const field of Object.keys(group)) fields.push([`${key}.${field}`, field, group[field]]);
  else fields.push([key, key, value]);
  let changed = false;
  for (const [path, field, raw] of fields) {
    if (memory.sensors.has(path) || memory.sensors.size >= MAX_SENSOR_FIELDS) continue;
    if (typeof raw === "number" && Number.isFinite(raw))
      memory.sensors.set(path, { unit: unitOf(field, payload), binary: false });
    else if (raw === "ON" || raw === "OFF") memory.sensors.set(path, { unit: undefined, binary: true });
    else continue;
    changed = true;
  }
  return changed;
}

/**
 * A Tasmota relay's `state`: binary ON/OFF/TOGGLE, read and set, property `key` (`POWER<n>`, `POWER`),
 * with its `label` and `endpoint` (`l<n>`) when given.
 */
export const relayStateCapability = (key: string, label?: string, endpoint?: string): Capability => ({
  type: "binary",
  name: "state",
  property: key,
  access: READ_SET,
  value_on: "ON",
  value_off: "OFF",
  value_toggle: "TOGGLE",
  ...(label ? { label } : {}),
  ...(endpoint ? { endpoint } : {}),
});

/** Relay `key`'s state capability with the endpoint its number gives (`POWER2` -> `l2`; none for `POWER`). */
const relayState = (key: string): Capability => {
  const number = key.slice(5);
  return relayStateCapability(key, undefined, number === "" ? undefined : `l${number}`);
};

/**
 * A Tasmota light's features, read and set: `brightness` (`Dimmer` 0..100 %) with `dimmer`,
 * `color_temp` (`CT` 153..500 mired) with `ct`, `color` (text `Color`, hex or `r,g,b`) with `color`.
 */
export function lightFeatureCapabilities(has: { dimmer: boolean; ct: boolean; color: boolean }): Capability[] {
  const out: Capability[] = [];
  if (has.dimmer)
    out.push({
      type: "numeric",
      name: "brightness",
      property: "Dimmer",
      access: READ_SET,
      value_min: 0,
      value_max: 100,
      unit: "%",
    });
  if (has.ct)
    out.push({
      type: "numeric",
      name: "color_temp",
      property: "CT",
      access: READ_SET,
      value_min: 153,
      value_max: 500,
      unit: "mired",
    });
  if (has.color) out.push({ type: "text", name: "color", property: "Color", access: READ_SET });
  return out;
}

const byRelay = (a: string, b: string) => Number(a.slice(5) || 0) - Number(b.slice(5) || 0);

/**
 * A Tasmota device's capabilities in the exposes vocabulary, from what it said ({@link rememberTasmota}):
 * - relays: one `switch` per `POWER<n>` with endpoint `l<n>` (its `state` binary ON/OFF/TOGGLE,
 *   property `POWER<n>`); a plain `POWER` is a `switch` without endpoint;
 * - a light (Dimmer, CT or Color seen): a `light` with `brightness` (Dimmer 0..100 %), `color_temp`
 *   (CT 153..500 mired) and `color` (text: Tasmota's `Color`, hex or `r,g,b`); on a one-relay device
 *   the light also has the `state` of `POWER` (and no separate switch is listed);
 * - shutters: one `cover` per `Shutter<n>` with endpoint `s<n>`: `state` enum OPEN/CLOSE/STOP (set
 *   only) and `position` 0..100 % (property `Shutter<n>.Position`);
 * - a discovered device (`memory.discovered`): its discovery's capabilities instead of the three above;
 * - sensor fields: read-only `numeric` (name from the field: `temperature`, `pm25`; property the
 *   path `BME280.Temperature`; endpoint the sensor `BME280`; unit by field) or `binary` for ON/OFF.
 * Properties are the device's own payload keys, so a reading maps back to the field it came from.
 */
export function tasmotaCapabilities(memory: TasmotaMemory): Capability[] {
  const out: Capability[] = memory.discovered ? [...memory.discovered] : outputCapabilities(memory);
  if (memory.ir) out.push(IR_SEND_CAPABILITY);
  return [...out, ...sensorCapabilities(memory)];
}

/** Relays, light and shutters from what the device said (no discovery). */
function outputCapabilities(memory: TasmotaMemory): Capability[] {
  const out: Capability[] = [];
  const relays = [...memory.power].sort(byRelay);
  const light = memory.light.Dimmer || memory.light.CT || memory.light.Color;
  const lightPower = light && relays.length === 1 && relays[0] === "POWER";
  if (!lightPower)
    for (const key of relays) {
      const state = relayState(key);
      out.push({ type: "switch", ...(state.endpoint ? { endpoint: state.endpoint } : {}), features: [state] });
    }
  if (light) {
    const { Dimmer: dimmer, CT: ct, Color: color } = memory.light;
    const features = lightFeatureCapabilities({ dimmer, ct, color });
    out.push({ type: "light", features: lightPower ? [relayState("POWER"), ...features] : features });
  }
  for (const shutter of [...memory.shutters].sort((a, b) => a - b)) out.push(shutterCapability(shutter));
  return out;
}

/**
 * Tasmota shutter `n` as a cover on endpoint `s<n>`: `state` (property `Shutter<n>`, OPEN / CLOSE /
 * STOP, set only: Tasmota's ShutterOpen/Close/Stop) and `position` (`Shutter<n>.Position`, 0..100 %).
 */
export function shutterCapability(n: number): Capability {
  const endpoint = `s${n}`;
  return {
    type: "cover",
    endpoint,
    features: [
      {
        type: "enum",
        name: "state",
        property: `Shutter${n}`,
        access: ACCESS_SET,
        values: ["OPEN", "CLOSE", "STOP"],
        endpoint,
      },
      {
        type: "numeric",
        name: "position",
        property: `Shutter${n}.Position`,
        access: READ_SET,
        value_min: 0,
        value_max: 100,
        unit: "%",
        endpoint,
      },
    ],
  };
}

/** One read-only capability per remembered sensor field. */
function sensorCapabilities(memory: TasmotaMemory): Capability[] {
  const out: Capability[] = [];
  for (const [path, { unit, binary }] of memory.sensors) {
    const dot = path.indexOf(".");
    const field = dot < 0 ? path : path.slice(dot + 1);
    const name = featureName(field).slice(0, CAPABILITY_LIMITS.name) || "value";
    const endpoint = dot < 0 ? undefined : path.slice(0, dot).slice(0, CAPABILITY_LIMITS.name);
    const base = {
      name,
      property: path.slice(0, CAPABILITY_LIMITS.name),
      access: ACCESS_READ,
      ...(endpoint ? { endpoint } : {}),
    };
    out.push(
      binary
        ? { type: "binary", ...base, value_on: "ON", value_off: "OFF" }
        : { type: "numeric", ...base, ...(unit ? { unit } : {}) },
    );
  }
  return out;
}

/** A value of a Tasmota capability: ON/OFF, an action, a colour, or a number. */
export type TasmotaValue = string | number;

const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const ON_OFF = (value: unknown): value is "ON" | "OFF" => value === "ON" || value === "OFF";
const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
/** Most values read from one message. */
const MAX_VALUES = 2 * MAX_SENSOR_FIELDS;

/**
 * The values one Tasmota message gives, keyed by the capability properties {@link tasmotaCapabilities}
 * and tasmota-discovery.ts discoveryCapabilities use (pure):
 * - `stat/POWER<n>` (`kind`) with `ON`/`OFF` text (or `{"POWER<n>":"ON"}`) -> `{POWER<n>: "ON"}`;
 * - STATE / RESULT: `POWER`/`POWER<n>` ON/OFF, `Dimmer` and `CT` numbers, `Color` text,
 *   `{"Shutter1":{"Position":17}}` -> `Shutter1.Position: 17`, `{"Button1":{"Action":"SINGLE"}}` ->
 *   `Button1.Action: "SINGLE"` (switches likewise under their SwitchText);
 * - SENSOR (`tele/SENSOR`): each numeric or ON/OFF field of a sensor object (`BME280.Temperature: 21.7`,
 *   `ENERGY.Power: 2635`) and each top-level one (`Switch1: "ON"`); `Time`, `TempUnit`... are left out.
 * Prototype names are never keys; at most 128 values. Anything else is left out.
 */
export function tasmotaStateValues(kind: string, payload: JsonObject | string): Record<string, TasmotaValue> {
  const out: Record<string, TasmotaValue> = {};
  let count = 0;
  const put = (key: string, value: TasmotaValue) => {
    if (count >= MAX_VALUES || PROTOTYPE_KEYS.has(key)) return;
    out[key] = value;
    count += 1;
  };
  const power = /^stat\/(POWER\d{0,2})$/.exec(kind);
  if (power?.[1] !== undefined) {
    const key = power[1];
    const raw = typeof payload === "string" ? payload.trim() : (ownField(payload, key) ?? ownField(payload, "POWER"));
    if (ON_OFF(raw)) put(key, raw);
    return out;
  }
  if (typeof payload === "string") return out;
  const sensor = kind === "tele/SENSOR";
  for (const key of Object.keys(payload)) {
    if (PROTOTYPE_KEYS.has(key) || SENSOR_META.has(key)) continue;
    const value = payload[key];
    const group = asObject(value);
    if (POWER_KEY.test(key)) {
      if (ON_OFF(value)) put(key, value);
    } else if (!sensor && (key === "Dimmer" || key === "CT")) {
      if (finite(value)) put(key, value);
    } else if (!sensor && key === "Color") {
      if (typeof value === "string" && value.length <= CAPABILITY_LIMITS.name) put(key, value);
    } else if (group && !sensor) {
      const position = ownField(group, "Position");
      const action = ownField(group, "Action");
      if (SHUTTER_KEY.test(key) && finite(position)) put(`${key}.Position`, position);
      if (typeof action === "string" && action.length <= CAPABILITY_LIMITS.name) put(`${key}.Action`, action);
    } else if (group && sensor) {
      for (const field of Object.keys(group)) {
        const reading = group[field];
        if (!PROTOTYPE_KEYS.has(field) && (finite(reading) || ON_OFF(reading))) put(`${key}.${field}`, reading);
      }
    } else if (sensor && (finite(value) || ON_OFF(value))) put(key, value);
  }
  return out;
}
