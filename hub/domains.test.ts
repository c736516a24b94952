import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import {
  AUTOMATION_ACTION_KINDS,
  AUTOMATIONS_PATH,
  automationRunPath,
  AutomationAnswerSchema,
  AutomationTriggerSchema,
} from "../contract/automations";
import { ErrorBodySchema } from "../contract/envelope";
import { IR_SEND_PATH } from "../contract/ir";
import { DEVICES_PATH, DevicesAnswerSchema } from "../contract/devices";
import { DEFAULT_API_BASES } from "../contract/paths";
import { PV_LOGS_PATH } from "../contract/pv";
import { NAMESPACE_ROOTS } from "../contract/topics";
import { demoHouseholdText } from "../scripts/demo-household";
import { startMosquitto, type TestMosquitto } from "../tests/e2e/support/mosquitto";
import { apiBaseTable, API_BASE_DOMAINS } from "./api-bases";
import { demoHouseholdOf, householdSchemaOf, migrationsOf, type HubDomain } from "./core/domain";
import { HUB_DOMAINS, openDb } from "./domains";
import { DEMO_HOUSEHOLD_PATH, parseHousehold } from "./household/load";
import { HouseholdSchema, type Household } from "./household/schema";
import { call, connectMqtt, jsonOf, login, startTestHub, tempDir, type TestHub } from "./testing/harness";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const byName = (name: string) => {
  const domain = HUB_DOMAINS.find((item) => item.name === name);
  if (!domain) throw new Error(`no domain ${name}`);
  return domain;
};
const without = (...names: string[]) => HUB_DOMAINS.filter((domain) => !names.includes(domain.name));

/** The SQLite objects (tables, indexes) of a database and its applied schema versions. */
function schemaOf(path: string): { versions: number[]; objects: unknown[] } {
  const db = new Database(path, { readonly: true });
  try {
    return {
      versions: db
        .prepare<[], { version: number }>("SELECT version FROM schema_migrations ORDER BY version")
        .all()
        .map((row) => row.version),
      objects: db
        .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
        .all(),
    };
  } finally {
    db.close();
  }
}

/** The schema a fresh database got from the hub before its domains declared their migrations (tests/fixtures/sqlite). */
const BEFORE = JSON.parse(
  readFileSync(new URL("../tests/fixtures/sqlite/hub-schema.json", import.meta.url), "utf8"),
) as {
  versions: number[];
  objects: { type: string; name: string; sql: string }[];
};

/**
 * What migrations declared since BEFORE add: their versions and the tables they make (the devices'
 * adoptions; the MACs Tasmota device users' discovery bound), and the device users' kinds they widen
 * (migration 16: 'frigate'); the clips ffmpeg records from cameras (migration 19); the panels' command
 * channel column (migration 20, on the panels table already listed).
 */
const ADDED = {
  versions: [12, 13, 14, 15, 16, 17, 18, 19, 20],
  tables: [
    "device_adoptions",
    "device_seen",
    "mqtt_user_macs",
    "calendars",
    "solar_days",
    "panels",
    "push_subscriptions",
    "camera_clips",
  ],
  indexes: ["pv_readings_time"],
};

/** A database's schema without what {@link ADDED} adds: BEFORE, for a database the hub made or upgraded. */
function withoutAdded(schema: { versions: number[]; objects: unknown[] }) {
  return {
    versions: schema.versions.filter((version) => !ADDED.versions.includes(version)),
    objects: schema.objects
      .filter(
        (object) =>
          !ADDED.tables.includes((object as { tbl_name: string }).tbl_name) &&
          !ADDED.indexes.includes((object as { name: string }).name),
      )
      .map((object) => {
        const { name, sql } = object as { name: string; sql: string };
        return name === "mqtt_users" ? { ...(object as object), sql: sql.replace(", 'frigate'", "") } : object;
      }),
  };
}

/** The names of the tables of a database's schema. */
const tablesOf = (schema: { objects: unknown[] }) =>
  schema.objects
    .filter((object) => (object as { type: string }).type === "table")
    .map((object) => (object as { name: string }).name);

describe("the domain list builds the hub as before", () => {
  it("serves every API base with the same route sets as the hand-written table did", () => {
    const sorted = (items: readonly string[]) => [...items].sort();
    const general = [
      "config",
      "bridge",
      "lights",
      "switches",
      "watchdog",
      "gps",
      "ir",
      "history",
      "automations",
      "pv",
      "climate",
      "camerasConfig",
      "devices",
      "calendars",
      "panels",
      "push",
    ];
    expect(Object.fromEntries(Object.entries(API_BASE_DOMAINS).map(([base, sets]) => [base, sorted(sets)]))).toEqual({
      auth: sorted(["auth", "preferences", "settings"]),
      general: sorted(general),
      generalV1: sorted(general),
      cameras: ["cameras"],
      camerasV5: ["camerasV5"],
      garage: ["garage"],
    });
  });

  it("applies the migrations in the order databases have them, and a fresh database gets the same tables", () => {
    expect(migrationsOf(HUB_DOMAINS).map((migration) => migration.version)).toEqual([
      1, 2, 3, 6, 11, 7, 10, 8, 9, 4, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    const dir = tempDir();
    cleanups.push(() => void 0);
    openDb(dir).close();
    const schema = schemaOf(join(dir, "hub.sqlite"));
    expect(withoutAdded(schema)).toEqual(BEFORE);
    expect(tablesOf(schema)).toEqual(expect.arrayContaining(ADDED.tables));
  });

  it("opens a database made before (every version applied) applying only the migrations added since, changing nothing else", () => {
    const dir = tempDir();
    const path = join(dir, "hub.sqlite");
    const made = new Database(path);
    for (const object of [...BEFORE.objects].sort((a, b) => (a.type === b.type ? 0 : a.type === "table" ? -1 : 1)))
      made.exec(object.sql);
    for (const version of BEFORE.versions)
      made.prepare("INSERT INTO schema_migrations VALUES (?, ?)").run(version, "2026-01-01T00:00:00.000Z");
    made.prepare("INSERT INTO ir_codes VALUES ('pilot_salon', 'power', '{}', '2026-01-01')").run();
    made.close();
    openDb(dir).close();
    const db = new Database(path, { readonly: true });
    try {
      expect(
        db
          .prepare<[], { version: number }>(
            "SELECT version FROM schema_migrations WHERE applied_at != '2026-01-01T00:00:00.000Z' ORDER BY version",
          )
          .all()
          .map((row) => row.version),
      ).toEqual(ADDED.versions);
      expect(db.prepare("SELECT name FROM ir_codes").all()).toEqual([{ name: "power" }]);
    } finally {
      db.close();
    }
    expect(withoutAdded(schemaOf(path))).toEqual(BEFORE);
  });

  it("reads the household with every domain's sections, each declared by one domain", () => {
    expect(Object.keys(householdSchemaOf(HUB_DOMAINS).entries).sort()).toEqual(
      Object.keys(HouseholdSchema.entries).sort(),
    );
    const demo = readFileSync(DEMO_HOUSEHOLD_PATH, "utf8");
    expect(parseHousehold(demo, "demo.json", householdSchemaOf(HUB_DOMAINS).entries)).toEqual(
      v.parse(HouseholdSchema, JSON.parse(demo)),
    );
  });

  it("declares every automation action kind and trigger type of the contract, each in one domain", () => {
    const actions = HUB_DOMAINS.flatMap((domain) => domain.automation?.actions ?? []);
    const triggers = HUB_DOMAINS.flatMap((domain) => domain.automation?.triggers ?? []);
    expect([...actions].sort()).toEqual([...AUTOMATION_ACTION_KINDS].sort());
    expect([...triggers].sort()).toEqual(
      AutomationTriggerSchema.options.map((option) => option.entries.type.literal).sort(),
    );
  });

  it("declares live topic roots of the dashboard's namespace only, and each domain once", () => {
    const roots = HUB_DOMAINS.flatMap((domain) => domain.topicRoots ?? []);
    for (const root of roots) expect(NAMESPACE_ROOTS).toContain(root);
    expect(new Set(HUB_DOMAINS.map((domain) => domain.name)).size).toBe(HUB_DOMAINS.length);
  });
});

/**
 * The devices the sections of `household` name, as the simulator's topics name them: Tasmota
 * topics, Zigbee2MQTT devices (a light `<device>_l<n>` is its device's endpoint), OwnTracks devices,
 * adopted devices (`<source>:<name>` ids of the `devices` section).
 */
function namedDevices(household: Household): Set<string> {
  const names = new Set<string>();
  for (const sensor of household.sensors) names.add(sensor.source.device);
  for (const item of household.switches) names.add(item.device);
  for (const light of household.lights ?? []) names.add(light.tasmota ?? light.name.replace(/_l\d{1,2}$/, ""));
  for (const door of household.garage) names.add(door.device);
  for (const blaster of household.ir ?? []) names.add(blaster.device);
  for (const unit of household.ac ?? []) names.add(unit.device);
  if (household.doorbell) names.add(household.doorbell.device);
  for (const tracker of household.gps?.trackers ?? []) names.add(tracker.owntracks.split("/")[1] ?? "");
  for (const id of Object.keys(household.devices ?? {})) names.add(id.slice(id.indexOf(":") + 1));
  return names;
}

/** The device a device topic is about (`tele/<t>/..`, `stat/<t>/..`, `zigbee2mqtt/<name>`, `owntracks/<user>/<device>`), if any. */
function deviceOf(topic: string): string | undefined {
  const [first, second, third] = topic.split("/");
  if (first === "tele" || first === "stat") return second;
  if (first === "zigbee2mqtt") return second === "bridge" ? undefined : second;
  if (first === "owntracks") return third;
  return undefined;
}

describe("the demo household and the simulator come from the same declarations", () => {
  it("each domain simulates exactly the devices its sections of the demo household name and those it has discovered", () => {
    const raw = readFileSync(DEMO_HOUSEHOLD_PATH, "utf8");
    for (const domain of HUB_DOMAINS) {
      const own = parseHousehold(raw, "demo.json", householdSchemaOf([domain]).entries);
      expect({ domain: domain.name, simulates: [...(domain.demo?.simulates ?? [])].sort() }).toEqual({
        domain: domain.name,
        simulates: [...new Set([...namedDevices(own), ...(domain.demo?.discovered ?? [])])].sort(),
      });
    }
  });

  it("the demo household adopts only devices the demo discovers, and some discovered ones are left new", () => {
    const household = v.parse(HouseholdSchema, JSON.parse(readFileSync(DEMO_HOUSEHOLD_PATH, "utf8")));
    const adopted = Object.keys(household.devices ?? {}).map((id) => id.slice(id.indexOf(":") + 1));
    const discovered = HUB_DOMAINS.flatMap((domain) => domain.demo?.discovered ?? []);
    expect(adopted.length).toBeGreaterThan(0);
    for (const name of adopted) expect(discovered).toContain(name);
    expect(discovered.filter((name) => !adopted.includes(name)).length).toBeGreaterThan(0);
  });

  it("household/demo.json holds exactly the demo household the declarations build (npm run demo-household writes it)", async () => {
    expect(readFileSync(DEMO_HOUSEHOLD_PATH, "utf8")).toBe(await demoHouseholdText());
  });

  it("each domain's demo household has only sections of its own, and a list without a domain has none of them", () => {
    for (const domain of HUB_DOMAINS)
      for (const section of Object.keys(domain.demo?.household ?? {}))
        expect({ domain: domain.name, section, own: section in (domain.household ?? {}) }).toEqual({
          domain: domain.name,
          section,
          own: true,
        });
    const all = Object.keys(demoHouseholdOf(HUB_DOMAINS));
    expect(all).toEqual(expect.arrayContaining(["sensors", "switches", "garage", "ir", "heater", "ac"]));
    expect(Object.keys(demoHouseholdOf(without("garage", "climate"))).sort()).toEqual(
      all.filter((section) => !["garage", "heater", "ac"].includes(section)).sort(),
    );
  });

  it("a domain adding messages to another domain's demo device adds them to one that domain simulates", () => {
    const simulated = new Set(HUB_DOMAINS.flatMap((domain) => domain.demo?.simulates ?? []));
    for (const domain of HUB_DOMAINS)
      for (const device of domain.demo?.adds ?? [])
        expect({ domain: domain.name, device, simulated: simulated.has(device) }).toEqual({
          domain: domain.name,
          device,
          simulated: true,
        });
  });
});

/** A demo hub with the simulator on the household broker, and a client of the hub's login there reading every device topic. */
async function simulatedHub(domains: readonly HubDomain[], log: string[] = []) {
  const broker: TestMosquitto = await startMosquitto();
  cleanups.push(() => broker.close());
  const hub: TestHub = await startTestHub({
    mqttUrl: broker.hubUrl,
    mqttWsUrl: broker.wsUrl,
    simulator: true,
    simulatorIntervalMs: 300,
    domains,
    logLevel: "warn",
    logStream: { write: (line) => void log.push(line) },
  });
  cleanups.push(() => hub.cleanup());
  const reader = await connectMqtt(broker.hubUrl, { clientId: "domains-test-reader" });
  cleanups.push(() => void reader.end(true));
  const devices = new Set<string>();
  reader.on("message", (topic) => {
    const device = deviceOf(topic);
    if (device !== undefined) devices.add(device);
  });
  await reader.subscribeAsync(["tele/#", "stat/#", "zigbee2mqtt/#", "owntracks/#"]);
  return { hub, devices };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a domain missing from the list is absent everywhere", () => {
  it("the full list: the simulator publishes every declared demo device, IR and PV answer, their tables exist", async () => {
    const { hub, devices } = await simulatedHub(HUB_DOMAINS);
    const cookie = await login(hub);
    expect((await call(hub, "POST", `${DEFAULT_API_BASES.cameras}/demo/doorbell`, { cookie })).status).toBe(200);
    await wait(2500);
    const declared = HUB_DOMAINS.flatMap((domain) => domain.demo?.simulates ?? []);
    expect([...devices].sort()).toEqual([...declared].sort());
    expect((await call(hub, "GET", `${DEFAULT_API_BASES.general}${PV_LOGS_PATH}`, { cookie })).status).toBe(200);
    const unknownCode = await call(hub, "POST", `${DEFAULT_API_BASES.general}${AUTOMATIONS_PATH}`, {
      cookie,
      body: { name: "tv", trigger: { type: "doorbell" }, actions: [{ kind: "ir", device: "pilot_salon", code: "x" }] },
    });
    expect(unknownCode.status).toBe(400);
    expect(await jsonOf(unknownCode, ErrorBodySchema)).toMatchObject({
      message: expect.stringContaining("actions.0.code"),
    });
    const tables = schemaOf(join(hub.dataDir, "hub.sqlite")).objects.map((object) => (object as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(["ir_codes", "pv_logs", "pv_readings"]));
  }, 30_000);

  it("without ir and pv: their routes answer 404, their household section is ignored with a warning, nothing of theirs is simulated, their actions are unavailable, their tables are not made", async () => {
    const log: string[] = [];
    const { hub, devices } = await simulatedHub(without("ir", "pv"), log);
    const cookie = await login(hub);
    for (const base of [DEFAULT_API_BASES.general, DEFAULT_API_BASES.generalV1]) {
      const send = await call(hub, "POST", `${base}${IR_SEND_PATH}`, {
        cookie,
        body: { device: "pilot_salon", code: "power" },
      });
      expect(send.status).toBe(404);
      expect((await call(hub, "GET", `${base}${PV_LOGS_PATH}`, { cookie })).status).toBe(404);
    }
    expect(log.some((line) => line.includes('"section":"ir"') && line.includes("household section ignored"))).toBe(
      true,
    );

    const created = await call(hub, "POST", `${DEFAULT_API_BASES.general}${AUTOMATIONS_PATH}`, {
      cookie,
      body: { name: "tv", trigger: { type: "doorbell" }, actions: [{ kind: "ir", device: "pilot_salon", code: "x" }] },
    });
    expect(created.status).toBe(200);
    const { item } = await jsonOf(created, AutomationAnswerSchema);
    const run = await call(hub, "POST", `${DEFAULT_API_BASES.general}${automationRunPath(item.id)}`, { cookie });
    expect(await run.json()).toMatchObject({
      item: { ok: false, outcomes: [{ kind: "ir", status: "unavailable", error: "not available: no ir on this hub" }] },
    });

    await wait(2500);
    expect(devices).not.toContain("pilot_salon");
    const declared = without("ir", "pv").flatMap((domain) => domain.demo?.simulates ?? []);
    expect([...devices].sort()).toEqual(declared.filter((name) => name !== "dzwonek_brama").sort());

    const schema = schemaOf(join(hub.dataDir, "hub.sqlite"));
    expect(schema.versions).toEqual([1, 2, 3, 4, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20]);
    const tables = schema.objects.map((object) => (object as { name: string }).name);
    expect(tables).not.toContain("ir_codes");
    expect(tables).not.toContain("pv_logs");
    expect(tables).toContain("switch_edits");
  }, 30_000);

  it("a demo hub without the garage domain has none of its demo household: its doors' devices are not listed, its section is ignored with a warning", async () => {
    const listed = async (hub: TestHub) => {
      const cookie = await login(hub);
      const response = await call(hub, "GET", `${DEFAULT_API_BASES.general}${DEVICES_PATH}`, { cookie });
      expect(response.status).toBe(200);
      return (await jsonOf(response, DevicesAnswerSchema)).items.map((item) => item.id);
    };
    const full = await startTestHub();
    cleanups.push(() => full.cleanup());
    expect(await listed(full)).toEqual(expect.arrayContaining(["tasmota:garaz", "tasmota:brama", "tasmota:listwa"]));

    const log: string[] = [];
    const hub = await startTestHub({
      domains: without("garage"),
      logLevel: "warn",
      logStream: { write: (line) => void log.push(line) },
    });
    cleanups.push(() => hub.cleanup());
    const ids = await listed(hub);
    expect(ids).toContain("tasmota:listwa");
    expect(ids).not.toContain("tasmota:garaz");
    expect(ids).not.toContain("tasmota:brama");
    expect(log.some((line) => line.includes('"section":"garage"') && line.includes("household section ignored"))).toBe(
      true,
    );
  });

  it("the route table of a list without a domain has none of its route sets", () => {
    const table = apiBaseTable(without("cameras"));
    expect(table.cameras).toEqual([]);
    expect(table.camerasV5).toEqual([]);
    expect(table.general).not.toContain("camerasConfig");
    expect(byName("cameras").routes).toMatchObject({ camerasConfig: ["general", "generalV1"] });
  });

  it("refuses a list without the auth or bridge domain, or without a domain another one needs", async () => {
    await expect(startTestHub({ domains: without("bridge") })).rejects.toThrow("the hub needs the bridge domain");
    await expect(startTestHub({ domains: without("switches") })).rejects.toThrow(
      "domain garage needs domain switches, listed before it",
    );
  });
});
