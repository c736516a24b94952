import type { Atom } from "jotai";
import { DeviceStatePayloadSchema, deviceStateTopic } from "../../../contract/devices";
import { liveFamily } from "../../platform/live/family";

/**
 * The battery of the devices screen's rows: `values.battery` (percent) of the retained
 * `device/<id>/state` (contract/devices.ts deviceStateTopic). A reader of its own, so a row reads
 * one number; the capability tiles read the whole state (capabilities/state.ts).
 */
const batteries = liveFamily({
  pattern: deviceStateTopic("+"),
  schema: DeviceStatePayloadSchema,
  map: (payload): number | null => {
    const battery = payload.values["battery"];
    return typeof battery === "number" && Number.isFinite(battery)
      ? Math.round(Math.min(100, Math.max(0, battery)))
      : null;
  },
});

/** Device `id`'s battery in percent (0..100, rounded), null while unknown or for a device without one. */
export function deviceBatteryAtom(id: string): Atom<number | null> {
  return batteries(id);
}
