import type { ListedDevice } from "../../../../contract/adoption";
import { comparePolish } from "../../../shared/collation";

/** One room of home's devices: its name (null: no room) and its devices in label order. */
export type DeviceRoom = { room: string | null; devices: ListedDevice[] };

/** A listed device's label: the adoption's, else the device's name. */
export const deviceLabel = (device: ListedDevice): string => device.adoption?.label ?? device.name;

/**
 * The devices home shows, by room: adopted ones whose adoption shows them on `home` and does not
 * hide them, grouped by the adoption's room (rooms in Polish alphabetical order, devices without a
 * room last under null), each room's devices by label.
 */
export function homeDeviceRooms(devices: readonly ListedDevice[]): DeviceRoom[] {
  const byRoom = new Map<string | null, ListedDevice[]>();
  for (const device of devices) {
    const adoption = device.adoption;
    if (adoption === null || adoption.hidden || adoption.show !== "home") continue;
    const room = adoption.room ?? null;
    const list = byRoom.get(room) ?? [];
    list.push(device);
    byRoom.set(room, list);
  }
  return [...byRoom.entries()]
    .map(([room, list]) => ({ room, devices: list.sort((a, b) => comparePolish(deviceLabel(a), deviceLabel(b))) }))
    .sort((a, b) => (a.room === null ? 1 : b.room === null ? -1 : comparePolish(a.room, b.room)));
}
