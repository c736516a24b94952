import type { Sensor } from "./schemas";

/**
 * One room of the home screen: its display name, the sensors shown as tiles, and the
 * battery sensors (kind `batt`) shown as small indicators in the room's heading instead of tiles.
 */
export type RoomGroup = {
  /** Stable key for React lists: the trimmed room name, or "" for the fallback group. */
  key: string;
  /** The heading: the hub's room name, or `fallbackName` ('Pozostałe') for sensors without a room. */
  name: string;
  tiles: Sensor[];
  batteries: Sensor[];
};

/**
 * Groups sensors by their `room` (contract "Sensor": optional display name) for the home screen.
 * Rooms keep the order of their first sensor in the hub's list, sensors keep their order within a
 * room; a missing, empty or blank room puts the sensor in one last group named `fallbackName`.
 * Names are compared after trimming, so ' Salon' and 'Salon' are one room, and a room named like the
 * fallback joins it. Battery sensors (kind
 * `batt`) go to `batteries`, the rest to `tiles`. Pure; never throws.
 */
export function groupByRoom(sensors: readonly Sensor[], fallbackName: string): RoomGroup[] {
  const rooms = new Map<string, RoomGroup>();
  let fallback: RoomGroup | null = null;
  for (const sensor of sensors) {
    const trimmed = sensor.room?.trim() ?? "";
    const name = trimmed === fallbackName ? "" : trimmed;
    let group: RoomGroup | null | undefined = name === "" ? fallback : rooms.get(name);
    if (!group) {
      group = { key: name, name: name === "" ? fallbackName : name, tiles: [], batteries: [] };
      if (name === "") fallback = group;
      else rooms.set(name, group);
    }
    (sensor.kind === "batt" ? group.batteries : group.tiles).push(sensor);
  }
  return fallback ? [...rooms.values(), fallback] : [...rooms.values()];
}
