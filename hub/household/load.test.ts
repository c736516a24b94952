import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadHousehold } from "./load";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("household config", () => {
  it("uses the demo household in demo mode when no file exists, and an empty one otherwise", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const demo = loadHousehold({ dataDir: dir, demo: true }).household;
    expect(demo.sensors.map((s) => s.place)).toEqual(expect.arrayContaining(["balcony", "outside", "tunnel", "living_room"]));
    expect(demo.switches.some((s) => s.purpose === null)).toBe(true);
    expect(loadHousehold({ dataDir: dir, demo: false }).household).toEqual({ sensors: [], switches: [], switchesList: [], garage: [] });
  });

  it("prefers <dataDir>/household.json", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    writeFileSync(join(dir, "household.json"), JSON.stringify({ switches: [{ name: "lampa", label: "Lampa", purpose: null, device: "tasmota_1" }] }));
    expect(loadHousehold({ dataDir: dir, demo: true }).household.switches).toHaveLength(1);
  });

  it("names the path and the field of a malformed file", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "bad.json");
    writeFileSync(path, JSON.stringify({ sensors: [{ id: "x", kind: "temp", place: "Balkon!", label: "B", source: { type: "tasmota", device: "b", field: "BME280.Temperature" } }] }));
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(`${path}: field sensors.0.place`);
    writeFileSync(path, "{ not json");
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(/not valid JSON/);
    expect(() => loadHousehold({ configPath: join(dir, "missing.json"), dataDir: dir, demo: false })).toThrow(/file not found/);
  });

  it("refuses a switch bound to one relay and named like its device, whose power topics carry every relay", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "relay.json");
    writeFileSync(path, JSON.stringify({ switches: [{ name: "sonoff4", label: "Lampka", purpose: null, device: "sonoff4", relay: 2 }] }));
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(`${path}: field switches.0.relay`);
    writeFileSync(path, JSON.stringify({ switches: [{ name: "lampka", label: "Lampka", purpose: null, device: "sonoff4", relay: 2 }] }));
    expect(loadHousehold({ configPath: path, dataDir: dir, demo: false }).household.switches[0]).toMatchObject({ name: "lampka", relay: 2 });
  });

  it("reads an optional room per sensor, trimmed, and refuses an empty or over-long one", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "rooms.json");
    const sensor = { id: "x", kind: "temp", place: "a", label: "B", source: { type: "tasmota", device: "b", field: "BME280.Temperature" } };
    writeFileSync(path, JSON.stringify({ sensors: [{ ...sensor, room: " Salon " }, { ...sensor, id: "y" }] }));
    const sensors = loadHousehold({ configPath: path, dataDir: dir, demo: false }).household.sensors;
    expect(sensors.map((s) => s.room)).toEqual(["Salon", undefined]);
    writeFileSync(path, JSON.stringify({ sensors: [{ ...sensor, room: "  " }] }));
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(`${path}: field sensors.0.room`);
    writeFileSync(path, JSON.stringify({ sensors: [{ ...sensor, room: "P".repeat(41) }] }));
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(/sensors\.0\.room: must be at most 40/);
  });

  it("gives every demo sensor a room", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const sensors = loadHousehold({ dataDir: dir, demo: true }).household.sensors;
    expect(sensors.filter((s) => s.room === undefined)).toEqual([]);
  });

  it("refuses a device name with a wildcard or a prototype name", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "bad.json");
    writeFileSync(path, JSON.stringify({ sensors: [{ id: "x", kind: "temp", place: "a", label: "B", source: { type: "zigbee2mqtt", device: "a+b", property: "temperature" } }] }));
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(/sensors\.0\.source\.device/);
    writeFileSync(path, JSON.stringify({ sensors: [{ id: "x", kind: "temp", place: "a", label: "B", source: { type: "zigbee2mqtt", device: "a", property: "__proto__" } }] }));
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(/sensors\.0\.source\.property/);
  });
});
