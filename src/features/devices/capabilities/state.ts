import { atom, type Atom } from "jotai";
import {
  DEVICE_ALARMS,
  DEVICE_STATE_FAMILY,
  DeviceAlertSchema,
  DeviceStatePayloadSchema,
  type DeviceAlarm,
  type DeviceAlert,
} from "../../../../contract/devices";
import { createFamily } from "../../../lib/state/family";
import { liveChildrenAtom } from "../../../platform/live/atoms";
import { liveFamily } from "../../../platform/live/family";

/**
 * A registry device's last known state (`device/<id>/state`, retained, contract/devices.ts):
 * `values` keyed by capability `property` (plus `battery`, `linkquality`), `at` when the hub last
 * heard from the device (epoch ms), `receivedAt` when the dashboard received it (epoch ms).
 */
export type DeviceState = { values: Readonly<Record<string, unknown>>; at: number; receivedAt: number };

const states = liveFamily({
  pattern: `device/+/${DEVICE_STATE_FAMILY}`,
  schema: DeviceStatePayloadSchema,
  map: (payload, receivedAt): DeviceState => ({ values: payload.values, at: Date.parse(payload.at), receivedAt }),
});

/**
 * Device `id`'s state from the live channel (`device/<id>/state`, DeviceStatePayloadSchema), null
 * until a valid payload arrives (an empty retained message when the device leaves reads as null).
 * One atom per device, released when no tile reads it.
 */
export function deviceStateAtom(id: string): Atom<DeviceState | null> {
  return states(id);
}

const valueFamily = createFamily(
  (key: string) => {
    const [id, property] = JSON.parse(key) as [string, string];
    const state = states(id);
    return atom((get): unknown => {
      const values = get(state)?.values;
      return values !== undefined && Object.hasOwn(values, property) ? values[property] : undefined;
    });
  },
  { releaseWhenUnused: true },
);

/**
 * The value of capability `property` in device `id`'s state (undefined while unknown); a control
 * re-renders only when its own value changes, not on every message of the device.
 */
export function deviceValueAtom(id: string, property: string): Atom<unknown> {
  return valueFamily(JSON.stringify([id, property]));
}

/** When the age of a device's state starts counting (epoch ms): the older of the hub's `at` and its arrival. */
export function stateAgeOrigin(state: DeviceState): number {
  return Number.isFinite(state.at) ? Math.min(state.at, state.receivedAt) : state.receivedAt;
}

/** One active device alarm: which (`leak`, `smoke`) and the alert as published. */
export type ActiveAlert = { alarm: DeviceAlarm; id: string; alert: DeviceAlert };

const alerts = liveFamily({
  pattern: "alert/+/+",
  schema: DeviceAlertSchema,
  map: (payload): DeviceAlert => payload,
});

/**
 * The device alarms active now, from `alert/leak/+` and `alert/smoke/+` (retained,
 * DeviceAlertSchema): leaks first, then smoke, each oldest first. A payload that fails the schema,
 * an inactive alert and an emptied topic are left out.
 */
export const deviceAlertsAtom: Atom<readonly ActiveAlert[]> = atom((get) => {
  const active: ActiveAlert[] = [];
  for (const alarm of DEVICE_ALARMS) {
    for (const id of get(liveChildrenAtom(`alert/${alarm}`))) {
      const alert = get(alerts(alarm, id));
      if (alert?.active === true) active.push({ alarm, id, alert });
    }
  }
  return active.sort((a, b) =>
    a.alarm === b.alarm ? a.alert.since.localeCompare(b.alert.since) : a.alarm === "leak" ? -1 : 1,
  );
});
