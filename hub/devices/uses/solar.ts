import type { Adoption } from "../../../contract/adoption";
import type { DeviceSourceName } from "../../../contract/devices";
import { asObject, ownField, type JsonObject } from "../../bridge/guards";
import { splitDeviceId } from "./device-ref";

/** A device adopted as the household's solar (contract/adoption.ts DeviceUse `solar`). */
export interface AdoptedSolar {
  /** The registry id (`tasmota:inverter`). */
  device: string;
  source: DeviceSourceName;
  /** The live name: `device/<name>/solar`. */
  name: string;
  label: string;
  power: string;
  energy: string | undefined;
  endpoint: string | undefined;
}

/** The solar use of one adoption, or undefined (not a solar use, hidden, or no device the hub can read). */
export function adoptedSolar(id: string, adoption: Adoption): AdoptedSolar | undefined {
  const use = adoption.use;
  if (use?.as !== "solar" || adoption.hidden) return undefined;
  const device = splitDeviceId(id);
  if (device === undefined) return undefined;
  return {
    device: id,
    source: device.source,
    name: use.name,
    label: (adoption.label ?? device.name).slice(0, 200),
    power: use.power,
    energy: use.energy,
    endpoint: use.endpoint,
  };
}

/** What one message of an inverter says: power W, its own `Today` kWh and its energy counter kWh (null: not said). */
export interface SolarFields {
  power: number;
  today: number | null;
  total: number | null;
}

const MAX_PATH_LEVELS = 4;
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * The number at `path` in `json`: Tasmota's dotted field path (`ENERGY.Power`, `SML.Power_curr`; own
 * properties only, at most 4 levels), a Zigbee2MQTT property (`power`, with an endpoint `power_l1`).
 * An array (one value per channel: a multi-channel meter) gives `channel`'s value (1-based) or, without
 * one, the sum. Null when absent or not a finite number.
 */
export function numberAt(json: JsonObject, path: string, channel?: number): number | null {
  const levels = path.split(".");
  if (levels.length > MAX_PATH_LEVELS) return null;
  let holder: JsonObject | undefined = json;
  for (const level of levels.slice(0, -1)) holder = holder ? asObject(ownField(holder, level)) : undefined;
  const value = holder ? ownField(holder, levels[levels.length - 1] ?? "") : undefined;
  if (isNumber(value)) return value;
  if (!Array.isArray(value) || value.length === 0 || value.length > 32 || !value.every(isNumber)) return null;
  if (channel !== undefined) return (value as number[])[channel - 1] ?? null;
  return (value as number[]).reduce((sum, item) => sum + item, 0);
}

/** The path of the field beside `path` named `name` (`ENERGY.Power` -> `ENERGY.Today`); undefined for a top-level path. */
function sibling(path: string, name: string): string | undefined {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? undefined : `${path.slice(0, dot)}.${name}`;
}

/**
 * Reads an adopted inverter's message (pure): `power` from the use's `power` field, `total` from its
 * `energy` field (default: Tasmota the power's sibling `Total`, `ENERGY.Total`; Zigbee2MQTT `energy`),
 * `today` from the power's sibling `Today` when the device reports it (Tasmota ENERGY). Zigbee2MQTT
 * properties take the endpoint as a suffix (`power_l1`), Tasmota arrays its channel number.
 * Undefined when the message has no usable power; a negative counter reads as none.
 */
export function solarFieldsOf(solar: AdoptedSolar, json: JsonObject): SolarFields | undefined {
  const zigbee = solar.source === "zigbee2mqtt";
  const channel =
    !zigbee && solar.endpoint !== undefined && /^\d{1,2}$/.test(solar.endpoint) ? Number(solar.endpoint) : undefined;
  const field = (name: string) => (zigbee && solar.endpoint !== undefined ? `${name}_${solar.endpoint}` : name);
  const power = numberAt(json, field(solar.power), channel);
  if (power === null) return undefined;
  const energyPath = solar.energy ?? (zigbee ? "energy" : sibling(solar.power, "Total"));
  const todayPath = zigbee ? undefined : sibling(solar.power, "Today");
  const nonNegative = (value: number | null) => (value !== null && value >= 0 ? value : null);
  return {
    power,
    total: energyPath === undefined ? null : nonNegative(numberAt(json, field(energyPath), channel)),
    today: todayPath === undefined ? null : nonNegative(numberAt(json, todayPath, channel)),
  };
}
