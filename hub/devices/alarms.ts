import { deviceAlertTopic, deviceId, type DeviceAlarm, type DeviceAlert } from "../../contract/devices";
import type { BrokerLink } from "../broker/link";
import { ownField } from "../bridge/guards";
import type { DeviceRouter } from "../bridge/router";
import type { AdoptionSource } from "./adoption/source";
import type { DeviceRegistry } from "./registry";

/** The state property each alarm is read from (Zigbee2MQTT's exposes: `water_leak`, `smoke`). */
export const ALARM_PROPERTIES: Readonly<Record<DeviceAlarm, string>> = { leak: "water_leak", smoke: "smoke" };

/** Most devices whose alarm state is kept (a larger network's further devices raise no alarm). */
const MAX_WATCHED = 2048;

/**
 * A device's alarms on every dashboard (docs/contract.md "Devices"): any Zigbee2MQTT device (adopted
 * or not; a hidden one is left out) whose state reports `water_leak` or `smoke` as a boolean publishes
 * `alert/leak/<id>` / `alert/smoke/<id>` (contract/devices.ts deviceAlertTopic, retained, QoS 1)
 * `{active, device, label, room?, since}` when the reported value differs from the last one published
 * (the first report of each device is published too, so a retained alarm left from before a restart is
 * cleared by the device's next `false`). `label` is the adoption's label, else the device's name;
 * `room` the adoption's; `since` when it became active (while inactive: when it cleared).
 * Answers a stop function.
 */
export function startAlarms(
  router: DeviceRouter,
  link: BrokerLink,
  registry: DeviceRegistry,
  adoptions: AdoptionSource,
): () => void {
  const last = new Map<string, { active: boolean; since: string }>();
  let stopped = false;
  router.on({ source: "zigbee2mqtt", kinds: ["state"] }, (event) => {
    if (stopped) return;
    const json = event.json;
    if (json === undefined) return;
    const id = deviceId("zigbee2mqtt", event.device);
    const adoption = adoptions.get(id);
    if (adoption?.hidden === true) return;
    for (const [alarm, property] of Object.entries(ALARM_PROPERTIES) as [DeviceAlarm, string][]) {
      const active = ownField(json, property);
      if (typeof active !== "boolean") continue;
      const key = deviceAlertTopic(alarm, id);
      const before = last.get(key);
      if (before?.active === active) continue;
      if (before === undefined && last.size >= MAX_WATCHED) continue;
      const since = new Date().toISOString();
      last.set(key, { active, since });
      const alert: DeviceAlert = {
        active,
        device: id,
        label: (adoption?.label ?? registry.get(id)?.name ?? event.device).slice(0, 200),
        ...(adoption?.room !== undefined ? { room: adoption.room } : {}),
        since,
      };
      link.publish(key, JSON.stringify(alert), { retain: true, qos: 1 });
    }
  });
  return () => {
    stopped = true;
  };
}
