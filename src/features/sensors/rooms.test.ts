import { describe, expect, it } from "vitest";
import { groupByRoom } from "./rooms";
import type { Sensor } from "./schemas";

function sensor(id: string, kind: Sensor["kind"], room?: string): Sensor {
  return {
    id,
    kind,
    place: id,
    label: id,
    ...(room === undefined ? {} : { room }),
    source: { type: "tasmota", device: "d", field: "F.x" },
  };
}

const names = (groups: ReturnType<typeof groupByRoom>) =>
  groups.map((g) => ({ name: g.name, tiles: g.tiles.map((s) => s.id), batteries: g.batteries.map((s) => s.id) }));

describe("groupByRoom (tiles grouped by room, batteries small)", () => {
  it("keeps the rooms in the order of their first sensor and the sensors in the hub's order", () => {
    const groups = groupByRoom(
      [sensor("a", "temp", "Balkon"), sensor("b", "temp", "Salon"), sensor("c", "humid", "Balkon")],
      "Pozostałe",
    );
    expect(names(groups)).toEqual([
      { name: "Balkon", tiles: ["a", "c"], batteries: [] },
      { name: "Salon", tiles: ["b"], batteries: [] },
    ]);
  });

  it("puts sensors without a room, or with a blank one, in one last group 'Pozostałe'", () => {
    const groups = groupByRoom(
      [sensor("a", "temp"), sensor("b", "temp", "Salon"), sensor("c", "door", "  "), sensor("d", "pm25", "")],
      "Pozostałe",
    );
    expect(names(groups)).toEqual([
      { name: "Salon", tiles: ["b"], batteries: [] },
      { name: "Pozostałe", tiles: ["a", "c", "d"], batteries: [] },
    ]);
    expect(groups.map((g) => g.key)).toEqual(["Salon", ""]);
  });

  it("shows batteries apart from the tiles of their room", () => {
    const groups = groupByRoom(
      [sensor("t", "temp", "Ogród"), sensor("b", "batt", "Ogród"), sensor("x", "batt")],
      "Pozostałe",
    );
    expect(names(groups)).toEqual([
      { name: "Ogród", tiles: ["t"], batteries: ["b"] },
      { name: "Pozostałe", tiles: [], batteries: ["x"] },
    ]);
  });

  it("treats names that differ only in surrounding spaces as one room, and a room named 'Pozostałe' as the fallback", () => {
    const groups = groupByRoom(
      [
        sensor("a", "temp", " Salon"),
        sensor("b", "humid", "Salon "),
        sensor("c", "temp", "Pozostałe"),
        sensor("d", "temp"),
      ],
      "Pozostałe",
    );
    expect(names(groups)).toEqual([
      { name: "Salon", tiles: ["a", "b"], batteries: [] },
      { name: "Pozostałe", tiles: ["c", "d"], batteries: [] },
    ]);
  });

  it("gives no groups for no sensors", () => {
    expect(groupByRoom([], "Pozostałe")).toEqual([]);
  });
});
