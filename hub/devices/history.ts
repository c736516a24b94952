import * as v from "valibot";
import {
  DEVICE_VALUE_EVENT,
  deviceValueSeries,
  isRecordedCapability,
  parseDeviceValueSeries,
  recordedValue,
} from "../../contract/device-history";
import { DeviceStatePayloadSchema, type Capability } from "../../contract/devices";
import { LIVE_PAYLOAD_MAX_BYTES } from "../../contract/topics";
import type { HistoryContribution } from "../history/contribution";
import type { Sample } from "../history/recorder";
import type { DeviceRegistry } from "./registry";

/**
 * Most device values recorded (distinct `<id>/<property>` series). The history keeps at most
 * HISTORY_LIMITS.maxSeries (200) series in all, shared with the household file's sensors, switches'
 * relays and energy meters: device values take at most this many of them, so they never crowd those
 * out. A further device value is not recorded (its chart answers no points), reported once to the
 * registry and counted by the recorder as "not the household's".
 */
export const MAX_DEVICE_VALUE_SERIES = 128;
/** Fewest milliseconds between two recorded values of one series (a plug reporting every second records 2 a minute). */
export const DEVICE_VALUE_INTERVAL_MS = 30_000;
/** How deep capabilities are searched for recorded values (Zigbee2MQTT nests two levels). */
const MAX_DEPTH = 4;

const TOPIC = /^device\/([^/]+)\/state$/;

/**
 * The recorded leaves of `capabilities` (contract/device-history.ts isRecordedCapability): top-level
 * ones and the features of a light, switch, climate, cover, lock or fan (published at the top level);
 * a composite under its own property (`color`) publishes an object, so its fields are not recorded.
 */
function recordedOf(capabilities: readonly Capability[], depth = 0, into: Capability[] = []): Capability[] {
  if (depth > MAX_DEPTH) return into;
  for (const capability of capabilities) {
    if (isRecordedCapability(capability)) into.push(capability);
    else if (capability.features && capability.type !== "list" && capability.property === undefined)
      recordedOf(capability.features, depth + 1, into);
  }
  return into;
}

/**
 * The devices' history (hub/history/contribution.ts): event `device_value`, `device` =
 * `<id>/<property>` (contract/device-history.ts deviceValueSeries). From each `device/<id>/state`
 * the hub publishes, the numeric and binary read-only values of registry device `<id>` are recorded
 * at the state's `at`: numbers as they are (in the capability's unit), binaries 1 (`value_on`) or 0;
 * `linkquality` and the other UNRECORDED_PROPERTIES are not. At most one value per series every
 * {@link DEVICE_VALUE_INTERVAL_MS}, at most {@link MAX_DEVICE_VALUE_SERIES} series (first come, for
 * the hub's run); the recorder's retention, per-device and total caps and batched writes apply as to
 * every series. A query naming a device not in the registry, or a property of it that is not
 * recorded, is refused (400 naming `device`). `registry` undefined (no devices domain) records nothing.
 * Keeps the time of each series' last value (its only state: at most twice the series cap).
 */
export function deviceValueHistory(registry: DeviceRegistry | undefined): HistoryContribution {
  const recorded = new WeakMap<readonly Capability[], Capability[]>();
  const admitted = new Set<string>();
  const lastAt = new Map<string, number>();
  let capReported = false;

  const recordedCapabilities = (capabilities: readonly Capability[]): Capability[] => {
    let found = recorded.get(capabilities);
    if (!found) {
      found = recordedOf(capabilities);
      recorded.set(capabilities, found);
    }
    return found;
  };
  const reportCap = () => {
    if (!capReported) registry?.report(`device history: ${MAX_DEVICE_VALUE_SERIES} values recorded, no more`);
    capReported = true;
  };
  const capabilityOf = (series: string): Capability | undefined => {
    const parsed = parseDeviceValueSeries(series);
    const device = parsed && registry?.get(parsed.id);
    if (!parsed || !device) return undefined;
    return recordedCapabilities(device.capabilities).find((capability) => capability.property === parsed.property);
  };

  return {
    events: [DEVICE_VALUE_EVENT],
    topicFilters: ["device/+/state"],
    samplesOf(topic, payload) {
      const id = TOPIC.exec(topic)?.[1];
      if (id === undefined || payload.length === 0) return "not recorded";
      if (payload.length > LIVE_PAYLOAD_MAX_BYTES) return "bad payload";
      const device = registry?.get(id);
      if (!device) return "not recorded";
      let json: unknown;
      try {
        json = JSON.parse(payload.toString("utf8"));
      } catch {
        return "bad payload";
      }
      const state = v.safeParse(DeviceStatePayloadSchema, json);
      if (!state.success) return "bad payload";
      const time = Date.parse(state.output.at);
      const values = state.output.values;
      const samples: Sample[] = [];
      for (const capability of recordedCapabilities(device.capabilities)) {
        const property = capability.property ?? "";
        const value = Object.hasOwn(values, property) ? recordedValue(capability, values[property]) : null;
        if (value === null) continue;
        const series = deviceValueSeries(id, property);
        if (!admitted.has(series) && admitted.size >= MAX_DEVICE_VALUE_SERIES) {
          reportCap();
          continue;
        }
        const last = lastAt.get(series);
        if (last !== undefined && time >= last && time - last < DEVICE_VALUE_INTERVAL_MS) continue;
        if (lastAt.has(series) || lastAt.size < 2 * MAX_DEVICE_VALUE_SERIES) lastAt.set(series, time);
        samples.push({ event: DEVICE_VALUE_EVENT, device: series, value, time });
      }
      return samples;
    },
    accepts(event, device) {
      if (event !== DEVICE_VALUE_EVENT || capabilityOf(device) === undefined) return false;
      if (admitted.has(device)) return true;
      if (admitted.size >= MAX_DEVICE_VALUE_SERIES) {
        reportCap();
        return false;
      }
      admitted.add(device);
      return true;
    },
    refuses(event, device) {
      if (event !== DEVICE_VALUE_EVENT) return undefined;
      const parsed = parseDeviceValueSeries(device);
      if (!parsed) return "device: must be <device id>/<property> for device_value";
      if (!registry?.get(parsed.id)) return `device: ${parsed.id} is no device of this hub`;
      if (capabilityOf(device) === undefined)
        return `device: ${parsed.id} records no value ${parsed.property} (numeric or binary read-only values only)`;
      return undefined;
    },
  };
}
