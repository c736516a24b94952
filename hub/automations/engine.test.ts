import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AutomationBody } from "../../contract/automations";
import type { BrokerLink, MessageHandler } from "../broker/link";
import { openDb } from "../domains";
import type { Household } from "../household/schema";
import { tempDir } from "../testing/harness";
import { AutomationEngine } from "./engine";
import { ActionRunner } from "./runner";
import { AutomationService } from "./service";
import { AutomationStore } from "./store";
import { changedTo, thresholdCrossed } from "./triggers";

const household: Household = {
  sensors: [
    {
      id: "balkon-temp",
      kind: "temp",
      place: "balcony",
      label: "Balkon",
      source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" },
    },
    {
      id: "drzwi",
      kind: "door",
      place: "entrance",
      label: "Drzwi",
      source: { type: "zigbee2mqtt", device: "drzwi", property: "contact" },
    },
  ],
  switches: [{ name: "listwa", label: "Listwa", purpose: null, device: "listwa", relays: 3 }],
  switchesList: [],
  garage: [],
};

/** A broker link that delivers what the test publishes to the engine's subscriptions. */
function fakeLink() {
  const handlers: [string, MessageHandler][] = [];
  const link: BrokerLink = {
    description: "fake",
    publish: () => undefined,
    subscribe: (filter, handler) => void handlers.push([filter, handler]),
    publishCommand: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const matches = (filter: string, topic: string) => {
    const f = filter.split("/");
    const t = topic.split("/");
    return f.length === t.length && f.every((part, i) => part === "+" || part === t[i]);
  };
  const send = (topic: string, payload: unknown) => {
    for (const [filter, handler] of handlers)
      if (matches(filter, topic))
        handler(topic, Buffer.from(typeof payload === "string" ? payload : JSON.stringify(payload)));
  };
  return { link, send };
}

const log = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

describe("trigger edges", () => {
  it("a threshold fires on the crossing reading only, never on the first one seen", () => {
    const above = { direction: "above", value: 25 } as const;
    expect(thresholdCrossed(above, undefined, 30)).toBe(false);
    expect(thresholdCrossed(above, 24, 25)).toBe(false); // reaching it is not above it
    expect(thresholdCrossed(above, 25, 25.1)).toBe(true);
    expect(thresholdCrossed(above, 26, 27)).toBe(false);
    const below = { direction: "below", value: 0 } as const;
    expect(thresholdCrossed(below, 0, -0.5)).toBe(true);
    expect(thresholdCrossed(below, -1, -2)).toBe(false);
    expect(thresholdCrossed(below, -1, 1)).toBe(false);
  });

  it("a state change fires for its target state or any, not for a repeat or the first state", () => {
    expect(changedTo("ON", undefined, "ON")).toBe(false);
    expect(changedTo("ON", "OFF", "ON")).toBe(true);
    expect(changedTo("ON", "ON", "OFF")).toBe(false);
    expect(changedTo("any", "ON", "OFF")).toBe(true);
    expect(changedTo("any", "OFF", "OFF")).toBe(false);
  });
});

describe("AutomationEngine with a fake clock and a fake broker link", () => {
  let service: AutomationService;
  let engine: AutomationEngine;
  let ran: string[];
  let send: (topic: string, payload: unknown) => void;
  const create = (body: Omit<AutomationBody, "enabled"> & { enabled?: boolean }) =>
    service.create({ enabled: true, ...body });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-28T20:00:00Z")); // Saturday 21:00 in Warsaw, the eve of the spring change
    ran = [];
    const runner = new ActionRunner().register("notify", async (action) => {
      ran.push(action.message);
    });
    service = new AutomationService(new AutomationStore(openDb(tempDir())), runner, household);
    const fake = fakeLink();
    send = fake.send;
    engine = new AutomationEngine({ link: fake.link, service, household, log }).start();
  });
  afterEach(() => {
    engine.stop();
    vi.useRealTimers();
  });

  it("runs a Sunday 02:30 automation at 03:30 CEST on the spring-change night, then a week later; a weekday one waits for Monday", async () => {
    const night = create({
      name: "noc",
      trigger: { type: "time", time: "02:30", days: [7] },
      actions: [{ kind: "notify", message: "noc" }],
    });
    const monday = create({
      name: "pn",
      trigger: { type: "time", time: "06:00", days: [1] },
      actions: [{ kind: "notify", message: "pn" }],
    });
    create({
      name: "off",
      enabled: false,
      trigger: { type: "time", time: "21:30", days: [6] },
      actions: [{ kind: "notify", message: "off" }],
    });
    expect(new Date(engine.scheduledAt(night.id) ?? 0).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    await vi.advanceTimersByTimeAsync(5 * 3_600_000 + 29 * 60_000); // 01:29Z
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000); // 01:30Z = 03:30 CEST
    expect(ran).toEqual(["noc"]);
    expect(new Date(engine.scheduledAt(night.id) ?? 0).toISOString()).toBe("2026-04-05T00:30:00.000Z");
    await vi.advanceTimersByTimeAsync(28 * 3_600_000); // Monday 08:30 CEST
    expect(ran).toEqual(["noc", "pn"]);
    expect(new Date(engine.scheduledAt(monday.id) ?? 0).toISOString()).toBe("2026-04-06T04:00:00.000Z");
  });

  it("an edited time reschedules; a deleted automation no longer runs", async () => {
    const item = create({
      name: "t",
      trigger: { type: "time", time: "23:00", days: [6] },
      actions: [{ kind: "notify", message: "t" }],
    });
    service.patch(item.id, { trigger: { type: "time", time: "21:10", days: [6] } });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(ran).toEqual(["t"]);
    service.remove(item.id);
    await vi.advanceTimersByTimeAsync(8 * 24 * 3_600_000);
    expect(ran).toEqual(["t"]);
  });

  it("threshold and door triggers fire on edges of sensor/<kind>/<place>; a run with a failing action is recorded with its error", async () => {
    const hot = create({
      name: "hot",
      trigger: { type: "threshold", sensor: "balkon-temp", direction: "above", value: 25 },
      actions: [{ kind: "notify", message: "hot" }],
    });
    create({
      name: "door",
      trigger: { type: "door", sensor: "drzwi", to: "open" },
      actions: [
        { kind: "notify", message: "door" },
        { kind: "ir", device: "tv", code: "power" },
      ],
    });
    const reading = (value: number) => ({ value, time: new Date().toISOString() });
    send("sensor/temp/balcony", reading(30)); // first seen: no edge
    send("sensor/temp/balcony", reading(20));
    send("sensor/temp/balcony", reading(26));
    send("sensor/temp/balcony", reading(27));
    send("sensor/temp/balcony", "not json");
    send("sensor/door/entrance", reading(0));
    send("sensor/door/entrance", reading(1));
    send("sensor/door/entrance", reading(1));
    await vi.advanceTimersByTimeAsync(10);
    expect(ran).toEqual(["hot", "door"]);
    expect(service.runs(hot.id)).toMatchObject([{ cause: "threshold", ok: true }]);
    const door = service.list().find((item) => item.name === "door");
    expect(door?.lastRun).toMatchObject({
      cause: "door",
      ok: false,
      outcomes: [
        { kind: "notify", status: "done" },
        { kind: "ir", status: "unavailable", error: "not available: no ir on this hub" },
      ],
    });
  });

  it("switch triggers follow power/<switch>/POWER<n>; the doorbell fires on a fresh ring only; a loop is capped", async () => {
    create({
      name: "sw",
      trigger: { type: "switch", switch: "listwa", relay: 2, to: "ON" },
      actions: [{ kind: "notify", message: "sw" }],
    });
    create({ name: "bell", trigger: { type: "doorbell" }, actions: [{ kind: "notify", message: "bell" }] });
    send("power/listwa/POWER2", { state: "OFF" });
    send("power/listwa/POWER1", { state: "ON" });
    send("power/listwa/POWER2", { state: "ON" });
    send("doorbell/ring", String(Date.now() - 10 * 60_000)); // an old retained ring
    send("doorbell/ring", String(Date.now()));
    await vi.advanceTimersByTimeAsync(10);
    expect(ran).toEqual(["sw", "bell"]);
    for (let i = 0; i < 30; i++) {
      send("doorbell/ring", String(Date.now()));
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(ran.filter((message) => message === "bell")).toHaveLength(10);
  });
});

describe("ActionRunner", () => {
  it("records a failing action's error and goes on with the next", async () => {
    const runner = new ActionRunner()
      .register("switch", async () => {
        throw new Error("the command did not reach the broker: not connected");
      })
      .register("notify", async () => undefined);
    const outcomes = await runner.run(
      [
        { kind: "switch", switch: "listwa", relay: 0, state: "ON" },
        { kind: "ac", mode: "cool", targetTemperature: 22 },
        { kind: "notify", message: "x" },
      ],
      { automation: { id: "a", name: "a" } },
    );
    expect(outcomes).toEqual([
      { kind: "switch", status: "failed", error: "the command did not reach the broker: not connected" },
      { kind: "ac", status: "unavailable", error: "not available: no ac on this hub" },
      { kind: "notify", status: "done" },
    ]);
  });
});

describe("AutomationEngine bounds: runs per trigger occurrence, and a change reads no other automation", () => {
  const warnings: { obj: unknown; msg: string | undefined }[] = [];
  const recording = { ...log, warn: (obj: unknown, msg?: string) => void warnings.push({ obj, msg }) };
  let engine: AutomationEngine | undefined;
  afterEach(() => {
    engine?.stop();
    warnings.length = 0;
    vi.useRealTimers();
  });

  it("a ring matching 25 doorbell automations runs the 20 created first; the other 5 are not run, counted and logged once", async () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const runner = new ActionRunner().register("notify", async (action) => void ran.push(action.message));
    const service = new AutomationService(new AutomationStore(openDb(tempDir())), runner, household);
    const fake = fakeLink();
    engine = new AutomationEngine({ link: fake.link, service, household, log: recording }).start();
    for (let index = 1; index <= 25; index++) {
      service.create({
        name: `bell ${index}`,
        enabled: true,
        trigger: { type: "doorbell" },
        actions: [{ kind: "notify", message: String(index) }],
      });
    }
    fake.send("doorbell/ring", String(Date.now()));
    await vi.advanceTimersByTimeAsync(10);
    expect(ran.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(engine.runsNotStarted).toBe(5);
    expect(warnings).toEqual([
      {
        obj: { trigger: "doorbell", limit: 20, dropped: 5, droppedTotal: 5 },
        msg: expect.stringMatching(/more than 20 automations/) as unknown as string,
      },
    ]);

    fake.send("doorbell/ring", String(Date.now()));
    await vi.advanceTimersByTimeAsync(10);
    expect(ran).toHaveLength(40);
    expect(engine.runsNotStarted).toBe(10);
    expect(warnings).toHaveLength(1); // counted, not logged again within the minute
  });

  it("creating, editing and deleting do not re-read the stored automations: an unreadable row is reported once, at start", () => {
    const db = openDb(tempDir());
    db.prepare(
      "INSERT INTO automations (id, json, created_at, updated_at) VALUES ('old', '{\"name\":1}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
    ).run();
    const unreadable: string[] = [];
    const service = new AutomationService(
      new AutomationStore(db, (id) => unreadable.push(id)),
      new ActionRunner(),
      household,
    );
    engine = new AutomationEngine({ link: fakeLink().link, service, household, log }).start();
    expect(unreadable).toEqual(["old"]);
    const body: AutomationBody = {
      name: "t",
      enabled: true,
      trigger: { type: "time", time: "07:00", days: [1] },
      actions: [{ kind: "notify", message: "t" }],
    };
    const created = [1, 2, 3].map(() => service.create(body));
    service.patch(created[0]?.id ?? "", { trigger: { type: "doorbell" } });
    service.remove(created[1]?.id ?? "");
    expect(unreadable).toEqual(["old"]);
    expect(engine.scheduledAt(created[2]?.id ?? "")).toBeTypeOf("number");
    expect(engine.scheduledAt(created[0]?.id ?? "")).toBeUndefined();
  });
});
