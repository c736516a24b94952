/**
 * The history of registry devices' read-only values (docs/contract.md "History", "Devices"): which
 * capabilities are recorded, how a value becomes a number, and the series name both the hub (which
 * records `device/<id>/state`) and the dashboard (which opens the chart of a value) use.
 */
import { ACCESS_READ, ACCESS_SET, type Capability } from "./devices";

/** The event of every recorded device value (`GET /events/day?event=device_value&device=<id>/<property>`). */
export const DEVICE_VALUE_EVENT = "device_value";

/** Properties never recorded: diagnostics that change with every message and say nothing to a household. */
export const UNRECORDED_PROPERTIES: ReadonlySet<string> = new Set(["linkquality", "last_seen", "elapsed"]);
/** The one diagnostic recorded (Zigbee2MQTT files it under `diagnostic`): a battery's decline is worth a chart. */
const RECORDED_DIAGNOSTICS: ReadonlySet<string> = new Set(["battery"]);

/**
 * The `device` of a recorded value's series: `<id>/<property>` (`zigbee2mqtt:Balcony climate/temperature`,
 * `tasmota:tasmota_8E4F2A/BME280.Temperature`). Device ids have no `/` (the registry refuses such names),
 * so the first `/` splits it.
 */
export const deviceValueSeries = (id: string, property: string): string => `${id}/${property}`;

/** The id and property of a {@link deviceValueSeries} name, or null when it has no `/` or an empty part. */
export function parseDeviceValueSeries(series: string): { id: string; property: string } | null {
  const slash = series.indexOf("/");
  if (slash <= 0 || slash === series.length - 1) return null;
  return { id: series.slice(0, slash), property: series.slice(slash + 1) };
}

/**
 * True when the capability's value is recorded: a numeric or binary leaf with a property, which the
 * device publishes (`access` has READ) and which cannot be set (no SET bit), of no category (a
 * `diagnostic` such as voltage, device temperature or trigger count is not, `battery` excepted; nor a
 * `config`), and not one of {@link UNRECORDED_PROPERTIES}.
 */
export function isRecordedCapability(capability: Capability): boolean {
  const access = capability.access ?? 0;
  return (
    (capability.type === "numeric" || capability.type === "binary") &&
    capability.property !== undefined &&
    (access & ACCESS_READ) !== 0 &&
    (access & ACCESS_SET) === 0 &&
    (capability.category === undefined || RECORDED_DIAGNOSTICS.has(capability.property)) &&
    !UNRECORDED_PROPERTIES.has(capability.property)
  );
}

/**
 * The number a value is recorded as: a finite number as it is (in the capability's unit); a binary's
 * `value_on` as 1 and `value_off` as 0 (defaults `true` / `false`). Null for anything else.
 */
export function recordedValue(capability: Capability, value: unknown): number | null {
  if (capability.type === "numeric") return typeof value === "number" && Number.isFinite(value) ? value : null;
  if (capability.type !== "binary") return null;
  if (value === (capability.value_on ?? true)) return 1;
  if (value === (capability.value_off ?? false)) return 0;
  return null;
}
