import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestHub, tempDir } from "../testing/harness";
import { HouseholdConfigError, loadHousehold } from "./load";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("household config", () => {
  it("uses the demo household in demo mode when no file exists, and an empty one otherwise", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const demo = loadHousehold({ dataDir: dir, demo: true }).household;
    expect(demo.sensors.map((s) => s.place)).toEqual(
      expect.arrayContaining(["balcony", "outside", "tunnel", "living_room"]),
    );
    expect(demo.switches.some((s) => s.purpose === null)).toBe(true);
    expect(loadHousehold({ dataDir: dir, demo: false }).household).toEqual({
      sensors: [],
      switches: [],
      switchesList: [],
      garage: [],
    });
  });

  it("prefers <dataDir>/household.json", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    writeFileSync(
      join(dir, "household.json"),
      JSON.stringify({ switches: [{ name: "lampa", label: "Lampa", purpose: null, device: "tasmota_1" }] }),
    );
    expect(loadHousehold({ dataDir: dir, demo: true }).household.switches).toHaveLength(1);
  });

  it("names the path and the field of a malformed file", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "bad.json");
    writeFileSync(
      path,
      JSON.stringify({
        sensors: [
          {
            id: "x",
            kind: "temp",
            place: "Balkon!",
            label: "B",
            source: { type: "tasmota", device: "b", field: "BME280.Temperature" },
          },
        ],
      }),
    );
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(
      `${path}: field sensors.0.place`,
    );
    writeFileSync(path, "{ not json");
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(/not valid JSON/);
    expect(() => loadHousehold({ configPath: join(dir, "missing.json"), dataDir: dir, demo: false })).toThrow(
      /file not found/,
    );
  });

  it("refuses a switch bound to one relay and named like its device, whose power topics carry every relay", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "relay.json");
    writeFileSync(
      path,
      JSON.stringify({ switches: [{ name: "sonoff4", label: "Lampka", purpose: null, device: "sonoff4", relay: 2 }] }),
    );
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(
      `${path}: field switches.0.relay`,
    );
    writeFileSync(
      path,
      JSON.stringify({ switches: [{ name: "lampka", label: "Lampka", purpose: null, device: "sonoff4", relay: 2 }] }),
    );
    expect(loadHousehold({ configPath: path, dataDir: dir, demo: false }).household.switches[0]).toMatchObject({
      name: "lampka",
      relay: 2,
    });
  });

  it("reads an optional room per sensor, trimmed, and refuses an empty or over-long one", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "rooms.json");
    const sensor = {
      id: "x",
      kind: "temp",
      place: "a",
      label: "B",
      source: { type: "tasmota", device: "b", field: "BME280.Temperature" },
    };
    writeFileSync(
      path,
      JSON.stringify({
        sensors: [
          { ...sensor, room: " Salon " },
          { ...sensor, id: "y" },
        ],
      }),
    );
    const sensors = loadHousehold({ configPath: path, dataDir: dir, demo: false }).household.sensors;
    expect(sensors.map((s) => s.room)).toEqual(["Salon", undefined]);
    writeFileSync(path, JSON.stringify({ sensors: [{ ...sensor, room: "  " }] }));
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(
      `${path}: field sensors.0.room`,
    );
    writeFileSync(path, JSON.stringify({ sensors: [{ ...sensor, room: "P".repeat(41) }] }));
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(
      /sensors\.0\.room: must be at most 40/,
    );
  });

  it("gives every demo sensor a room", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const sensors = loadHousehold({ dataDir: dir, demo: true }).household.sensors;
    expect(sensors.filter((s) => s.room === undefined)).toEqual([]);
  });

  it("refuses a device name with a wildcard or a prototype name", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "bad.json");
    writeFileSync(
      path,
      JSON.stringify({
        sensors: [
          {
            id: "x",
            kind: "temp",
            place: "a",
            label: "B",
            source: { type: "zigbee2mqtt", device: "a+b", property: "temperature" },
          },
        ],
      }),
    );
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(/sensors\.0\.source\.device/);
    writeFileSync(
      path,
      JSON.stringify({
        sensors: [
          {
            id: "x",
            kind: "temp",
            place: "a",
            label: "B",
            source: { type: "zigbee2mqtt", device: "a", property: "__proto__" },
          },
        ],
      }),
    );
    expect(() => loadHousehold({ configPath: path, dataDir: dir, demo: false })).toThrow(
      /sensors\.0\.source\.property/,
    );
  });
});

describe("a household file's errors never quote it (it holds camera passwords)", () => {
  const PASSWORD = "Hunter2Secret";
  /** What V8's JSON.parse quoted of each file (Node 20): the messages the hub printed before. */
  const broken: [string, string, { line: number; column: number }][] = [
    // the URL's quotes forgotten: V8 said `Unexpected token 'r', ..."", "url": rtsp://adm"... is not valid JSON`
    [
      "unquoted URL",
      `{\n  "cameras": [\n    {"id": "brama", "label": "Brama", "source": {"type": "rtsp", "url": rtsp://admin:${PASSWORD}@192.168.1.64/stream1}}\n  ]\n}\n`,
      { line: 3, column: 73 },
    ],
    // a comma too many right after the password: V8 said `Unexpected token ']', ..."@cam/1"}},]}" is not valid JSON`
    [
      "trailing comma",
      `{"cameras":[{"id":"brama","label":"Brama","source":{"type":"rtsp","url":"rtsp://admin:${PASSWORD}@cam/1"}},]}`,
      { line: 1, column: 110 },
    ],
    // a short file: V8 said `Unexpected token 'H', "{"src": Hunter2Sec"... is not valid JSON`
    ["unquoted value", `{"src": ${PASSWORD}}`, { line: 1, column: 9 }],
    // a quote inside the password ends the string early
    [
      "quote in the password",
      `{\n"cameras":[{"id":"brama","label":"Brama","source":{"type":"rtsp","url":"rtsp://admin:Hunt"er2Secret@cam/1"}}]}`,
      { line: 2, column: 91 },
    ],
  ];

  it.each(broken)("%s: the message names the line and column, and no text of the file", (_, text, where) => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "household.json");
    writeFileSync(path, text);
    let message = "";
    try {
      loadHousehold({ configPath: path, dataDir: dir, demo: false });
    } catch (error) {
      expect(error).toBeInstanceOf(HouseholdConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(
      new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: not valid JSON at line ${String(where.line)}, column ${String(where.column)}: expected `,
      ),
    );
    const said = message.slice(path.length);
    expect(said).not.toContain("Hunt");
    for (const word of text.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 3)) expect(said, word).not.toContain(word);
  });

  it("a field the schema refuses is named with the rule, not the value (valibot's 'but received')", () => {
    dir = mkdtempSync(join(tmpdir(), "household-"));
    const path = join(dir, "household.json");
    const camera = {
      id: "brama",
      label: "Brama",
      source: { type: "rtsp", url: `rtsp://admin:${PASSWORD}@192.168.1.64/stream1` },
    };
    const cases: [unknown, string][] = [
      [
        { cameras: [{ ...camera, source: { ...camera.source, transcode: PASSWORD } }] },
        "field cameras.0.source.transcode: expected boolean",
      ],
      [
        { cameras: [{ ...camera, source: { ...camera.source, url: 42 } }] },
        "field cameras.0.source.url: expected string",
      ],
      [
        {
          cameras: [
            { ...camera, source: { ...camera.source, url: `rtsp://admin:${PASSWORD}@cam/${"x".repeat(500)}` } },
          ],
        },
        "field cameras.0.source.url: max_length <=500",
      ],
      [
        { cameras: [{ ...camera, source: { ...camera.source, type: PASSWORD } }] },
        "field cameras.0.source.type: expected ",
      ],
      [{ cameras: [{ ...camera, source: { type: "rtsp" } }] }, "field cameras.0.source.url: required"],
      [
        { cameras: [{ ...camera, source: { ...camera.source, [PASSWORD]: 1 } }] },
        "field cameras.0.source: unknown field",
      ],
    ];
    for (const [household, said] of cases) {
      writeFileSync(path, JSON.stringify(household));
      let message = "";
      try {
        loadHousehold({ configPath: path, dataDir: dir, demo: false });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, said).toContain(`${path}: ${said}`);
      expect(message, said).not.toContain(PASSWORD);
      expect(message, said).not.toContain("received");
    }
  });

  it("the hub does not start on such a file, and says where without the password", async () => {
    dir = tempDir();
    const path = join(dir, "household.json");
    writeFileSync(path, broken[1]?.[1] ?? "");
    const started = startTestHub({ householdConfigPath: path, dataDir: join(dir, "data") });
    await expect(started).rejects.toThrow(HouseholdConfigError);
    await expect(started).rejects.toThrow(`${path}: not valid JSON at line 1, column 110: expected a value`);
    await started.catch((error: unknown) => expect(String(error)).not.toContain(PASSWORD));
  });
});
