import { HEATER_TEMPERATURE, type HeaterMode } from "../../contract/climate";
import type { Capability, Device } from "../../contract/devices";
import type { DeviceStep } from "../devices/commands";
import { findCapability } from "../devices/commands";

/** The set point properties of a Zigbee2MQTT climate, the first the device has is driven. */
const SETPOINTS = ["occupied_heating_setpoint", "current_heating_setpoint"] as const;

/**
 * What the heater reads and sets on a valve (a Zigbee2MQTT `climate`): the set point (°C, with its
 * `min` and `max`), `system_mode` (its values; settable or not), and the state properties of the
 * current temperature, the running state and the heating demand, each with the endpoint's suffix.
 */
export interface ValveFields {
  endpoint?: string | undefined;
  /** `occupied_heating_setpoint` or `current_heating_setpoint`: the name a command sets. */
  setpoint: string;
  /** Its state property (`occupied_heating_setpoint_l1` on endpoint l1). */
  setpointProperty: string;
  min: number;
  max: number;
  /** `system_mode`'s values when it can be set (Danfoss: `heat`; Tuya: `heat`, `auto`, `off`), else empty. */
  modes: readonly string[];
  systemModeProperty: string;
  localTemperature: string;
  runningState: string;
  heatingDemand: string;
}

/** The capability `property` of `device` on `endpoint`, or undefined (none, or ambiguous). */
function capability(device: Device | undefined, property: string, endpoint?: string): Capability | undefined {
  if (device === undefined) return undefined;
  try {
    return findCapability(device, { property, endpoint });
  } catch {
    return undefined;
  }
}

/**
 * The valve fields of `device` on `endpoint`: from its climate capabilities when the registry has
 * them, else Zigbee2MQTT's names (`occupied_heating_setpoint`, `system_mode`, `local_temperature`,
 * `running_state`, `pi_heating_demand`, with `_<endpoint>`) and the heater's range 5..30 °C.
 */
export function valveFields(device: Device | undefined, endpoint?: string): ValveFields {
  const suffix = endpoint === undefined ? "" : `_${endpoint}`;
  const found = SETPOINTS.map((name) => capability(device, name, endpoint)).find((item) => item !== undefined);
  const mode = capability(device, "system_mode", endpoint);
  const settable = mode !== undefined && ((mode.access ?? 0) & 2) !== 0;
  const property = (name: string) => capability(device, name, endpoint)?.property ?? `${name}${suffix}`;
  return {
    endpoint,
    setpoint: found?.name ?? SETPOINTS[0],
    setpointProperty: found?.property ?? `${SETPOINTS[0]}${suffix}`,
    min: found?.value_min ?? HEATER_TEMPERATURE.min,
    max: found?.value_max ?? HEATER_TEMPERATURE.max,
    modes: settable ? (mode.values ?? []).filter((value): value is string => typeof value === "string") : [],
    systemModeProperty: mode?.property ?? `system_mode${suffix}`,
    localTemperature: property("local_temperature"),
    runningState: property("running_state"),
    heatingDemand: property("pi_heating_demand"),
  };
}

/** What a valve last reported, read from its state with {@link valveReport}. */
export interface ValveReport {
  /** The set point °C, undefined while not reported. */
  setpoint?: number | undefined;
  systemMode?: string | undefined;
  /** `local_temperature` °C. */
  current?: number | undefined;
  /** Heating now: `running_state` `heat` (or `heating`), else `pi_heating_demand` above 0; undefined when neither. */
  heating?: boolean | undefined;
}

const finite = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** The report in `values` (a device state's values: Zigbee2MQTT property -> value). */
export function valveReport(fields: ValveFields, values: Readonly<Record<string, unknown>>): ValveReport {
  const get = (key: string) => (Object.hasOwn(values, key) ? values[key] : undefined);
  const running = get(fields.runningState);
  const demand = finite(get(fields.heatingDemand));
  const mode = get(fields.systemModeProperty);
  return {
    setpoint: finite(get(fields.setpointProperty)),
    systemMode: typeof mode === "string" ? mode : undefined,
    current: finite(get(fields.localTemperature)),
    heating:
      running === "heat" || running === "heating"
        ? true
        : running === "idle"
          ? false
          : demand !== undefined
            ? demand > 0
            : undefined,
  };
}

/** `value` on the heater's range (5..30 °C) and step (0.5). */
export function heaterTemperature(value: number): number {
  const { min, max, step } = HEATER_TEMPERATURE;
  return Math.min(max, Math.max(min, Math.round(value / step) * step));
}

/** True when the valve has an `off` system mode it can be set to. */
const hasOff = (fields: ValveFields) => fields.modes.includes("off");

/** The set point each mode puts on a valve: off its minimum (frost guard, without an `off` mode), on its maximum, auto the target. */
function setpointOf(fields: ValveFields, mode: HeaterMode, target: number): number | undefined {
  if (mode === "off") return hasOff(fields) ? undefined : fields.min;
  if (mode === "on") return fields.max;
  return Math.min(fields.max, Math.max(fields.min, target));
}

/**
 * The values a heater mode sets on a valve (one Zigbee2MQTT `/set`): `off` is `system_mode: off`
 * when the valve has it, else its minimum set point (frost guard); `on` its maximum set point (fully
 * open); `auto` the target (the valve's own thermostat regulates to it). `on` and `auto` also set
 * `system_mode: heat` when the valve reported another mode and has `heat`.
 */
export function valveSteps(fields: ValveFields, mode: HeaterMode, target: number, report: ValveReport): DeviceStep[] {
  const endpoint = fields.endpoint;
  const steps: DeviceStep[] = [];
  if (mode === "off" && hasOff(fields)) steps.push({ property: "system_mode", endpoint, value: "off" });
  if (
    mode !== "off" &&
    fields.modes.includes("heat") &&
    report.systemMode !== undefined &&
    report.systemMode !== "heat"
  )
    steps.push({ property: "system_mode", endpoint, value: "heat" });
  const setpoint = setpointOf(fields, mode, target);
  if (setpoint !== undefined) steps.push({ property: fields.setpoint, endpoint, value: setpoint });
  return steps;
}

/**
 * The heater mode a valve's report shows, given the mode the hub last set (`intended`) and the
 * target: `off` while its system mode is `off`; the intended mode while the report is what that mode
 * sets (or has no set point yet); else read from the set point: at or below the minimum `off` (a
 * valve without an `off` mode), at or above the maximum `on`, between `auto` (turned by hand on the
 * valve, or the hub's command not applied yet).
 */
export function valveMode(fields: ValveFields, intended: HeaterMode, target: number, report: ValveReport): HeaterMode {
  if (report.systemMode === "off") return "off";
  const setpoint = report.setpoint;
  if (setpoint === undefined) return intended;
  if (intended !== "off" || !hasOff(fields)) {
    const expected = setpointOf(fields, intended, target);
    if (expected !== undefined && Math.abs(expected - setpoint) < 1e-9) return intended;
  }
  if (!hasOff(fields) && setpoint <= fields.min) return "off";
  if (setpoint >= fields.max) return "on";
  return "auto";
}
