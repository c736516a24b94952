import type { LightFeatures } from "../../../contract/lights";
import { comparePolish } from "../../shared/collation";

/** One room's lights, in label order. */
export type LightRoom = { key: string; name: string; lights: LightFeatures[] };

/** Lights grouped by `room` (rooms in Polish alphabetical order, those without one last under `otherRoom`). */
export function groupLightsByRoom(lights: readonly LightFeatures[], otherRoom: string): LightRoom[] {
  const rooms = new Map<string, LightFeatures[]>();
  for (const light of lights) {
    const key = light.room ?? "";
    rooms.set(key, [...(rooms.get(key) ?? []), light]);
  }
  return [...rooms.entries()]
    .sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : comparePolish(a, b)))
    .map(([key, list]) => ({
      key: key || "\u0000other",
      name: key || otherRoom,
      lights: [...list].sort((a, b) => comparePolish(a.label, b.label)),
    }));
}
