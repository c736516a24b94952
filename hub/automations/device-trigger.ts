import type { Automation, AutomationTrigger } from "../../contract/automations";
import { deviceId } from "../../contract/devices";
import { asObject, ownField, type JsonObject } from "../bridge/guards";
import type { DeviceEvent } from "../bridge/router";
import { thresholdCrossed } from "./triggers";

type DeviceTrigger = Extract<AutomationTrigger, { type: "device" }>;

/** The device messages a device trigger reads: Zigbee2MQTT states, Tasmota telemetry and results. */
export const DEVICE_TRIGGER_KINDS = {
  zigbee2mqtt: ["state"],
  tasmota: ["tele/STATE", "tele/SENSOR", "stat/RESULT"],
} as const;

/** The payload key a trigger reads: Zigbee2MQTT's `<property>_<endpoint>` with an endpoint, else the property. */
function keyOf(trigger: DeviceTrigger): string {
  return trigger.endpoint === undefined || trigger.device.startsWith("tasmota:")
    ? trigger.property
    : `${trigger.property}_${trigger.endpoint}`;
}

/** The value at `key` of a payload; a Tasmota sensor path `BME280.Temperature` is split on its first dot. */
function valueAt(json: JsonObject, key: string): unknown {
  const own = ownField(json, key);
  if (own !== undefined) return own;
  const dot = key.indexOf(".");
  if (dot < 0) return undefined;
  const group = asObject(ownField(json, key.slice(0, dot)));
  return group ? ownField(group, key.slice(dot + 1)) : undefined;
}

/** True for Zigbee2MQTT's event properties (`action`, `action_<endpoint>`): each report is an event, not a state. */
const isAction = (key: string): boolean => key === "action" || key.startsWith("action_");

/**
 * Device triggers (contract/automations.ts DeviceTriggerSchema) judged on one device message: which
 * of `automations` (those whose trigger names the message's device) fire. Edges only: `equals` a state
 * fires when the value changes to it, `above` / `below` when a number crosses it (triggers.ts
 * thresholdCrossed); an action (`action`: a button's `single`) fires on every report of it. Nothing
 * fires on the first message seen of a device (a retained one at start). Remembers the last value of
 * each device and key it was asked about.
 */
export class DeviceTriggers {
  private readonly last = new Map<string, unknown>();
  private readonly seen = new Set<string>();

  /** The automations `event` fires (all are device triggers of its device). */
  fired(event: DeviceEvent, automations: Iterable<Automation>): Automation[] {
    if (event.source === "owntracks" || event.source === "frigate") return [];
    const id = deviceId(event.source, event.device);
    const json = event.json;
    if (json === undefined) return [];
    const first = !this.seen.has(id);
    this.seen.add(id);
    const out: Automation[] = [];
    const updates = new Map<string, unknown>();
    for (const automation of automations) {
      const trigger = automation.trigger;
      if (trigger.type !== "device" || trigger.device !== id) continue;
      const key = keyOf(trigger);
      const value = valueAt(json, key);
      if (value === undefined) continue;
      const memory = `${id}\u0000${key}`;
      const previous = this.last.get(memory);
      updates.set(memory, value);
      if (first) continue;
      if (trigger.equals !== undefined) {
        if (value === trigger.equals && (isAction(key) || (previous !== undefined && previous !== value)))
          out.push(automation);
        continue;
      }
      if (typeof value !== "number" || !Number.isFinite(value)) continue;
      const direction = trigger.above !== undefined ? "above" : "below";
      const limit = trigger.above ?? trigger.below ?? 0;
      if (thresholdCrossed({ direction, value: limit }, typeof previous === "number" ? previous : undefined, value))
        out.push(automation);
    }
    for (const [memory, value] of updates) this.last.set(memory, value);
    return out;
  }
}
