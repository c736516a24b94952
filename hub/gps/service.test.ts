import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import { GpsAlertSchema, GpsStateSchema } from "../../contract/gps";
import type { BrokerLink, MessageHandler } from "../broker/link";
import { openDb } from "../domains";
import { type Db } from "../core/db";
import { tempDir } from "../testing/harness";
import type { GpsConfig } from "./config";
import { ownTracksLocation } from "./owntracks";
import { GpsService } from "./service";
import { GpsStore } from "./store";

const HOME = { lat: 52.16425, lon: 21.07853 };
const CONFIG: GpsConfig = {
  home: HOME,
  radiusM: 60,
  trackers: [{ id: "mruczek", label: "Mruczek", owntracks: "kot/mruczek" }],
};
const NOW = Date.UTC(2026, 5, 21, 12);
const north = (metres: number) => ({ lat: HOME.lat + metres / 111_195, lon: HOME.lon });

/** A broker link that keeps what the hub publishes and lets the test deliver device messages. */
function fakeLink() {
  const published: { topic: string; payload: string; retain: boolean }[] = [];
  const handlers: [string, MessageHandler][] = [];
  const link: BrokerLink = {
    description: "fake",
    publish: (topic, payload, options) =>
      void published.push({ topic, payload: payload.toString(), retain: options.retain }),
    subscribe: (filter, handler) => void handlers.push([filter, handler]),
    publishCommand: async () => {},
    close: async () => {},
  };
  const deliver = (topic: string, payload: string) => {
    for (const [filter, handler] of handlers)
      if (filter === "owntracks/#" && topic.startsWith("owntracks/")) handler(topic, Buffer.from(payload));
  };
  return { link, published, deliver };
}
const silent = { info() {}, warn() {}, error() {}, debug() {} };

let db: Db;
let dir: string;
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
function setup() {
  dir = tempDir("gps-service-");
  db = openDb(dir);
  const fake = fakeLink();
  const store = new GpsStore(db);
  let now = NOW;
  const gps = new GpsService(fake.link, CONFIG, store, silent, () => now).start();
  const fix = (metres: number, timeMs: number, extra: { battery?: number } = {}) => {
    now = Math.max(now, timeMs);
    fake.deliver("owntracks/kot/mruczek", ownTracksLocation({ ...north(metres), timeMs, accuracyM: 5, ...extra }));
  };
  const topics = (topic: string) => fake.published.filter((m) => m.topic === topic);
  return { ...fake, gps, store, fix, topics };
}

describe("GpsService", () => {
  it("publishes the tracker's state on gps/<tracker>, retained, with the distance from home by haversine", () => {
    const { fix, topics } = setup();
    fix(40, NOW, { battery: 77 });
    const [state] = topics("gps/mruczek");
    expect(state?.retain).toBe(true);
    const parsed = v.parse(GpsStateSchema, JSON.parse(state?.payload ?? "null"));
    expect(parsed).toMatchObject({
      label: "Mruczek",
      battery: 77,
      accuracyM: 5,
      distanceM: 40,
      radiusM: 60,
      outside: false,
      home: HOME,
      time: new Date(NOW).toISOString(),
    });
  });

  it("publishes the notifications switch retained when it changes, and at start only once it was set", () => {
    const { gps, topics, link, store } = setup();
    expect(topics("gps/notifications")).toEqual([]);
    gps.setNotifications(true);
    expect(topics("gps/notifications").map((m) => [m.payload, m.retain])).toEqual([['{"state":true}', true]]);
    new GpsService(link, CONFIG, store, silent).start();
    expect(topics("gps/notifications").map((m) => m.payload)).toEqual(['{"state":true}', '{"state":true}']);
  });

  it("with notifications on, alerts once when the cat leaves the radius and once when it returns", () => {
    const { gps, fix, topics } = setup();
    gps.setNotifications(true);
    fix(10, NOW);
    fix(30, NOW + 5000);
    fix(80, NOW + 10_000);
    fix(95, NOW + 15_000);
    fix(20, NOW + 20_000);
    const alerts = topics("gps/alert").map((m) => ({
      ...v.parse(GpsAlertSchema, JSON.parse(m.payload)),
      retain: m.retain,
    }));
    expect(alerts.map((a) => [a.event, a.distanceM, a.retain])).toEqual([
      ["left", 80, false],
      ["returned", 20, false],
    ]);
    expect(alerts[0]).toMatchObject({ tracker: "mruczek", label: "Mruczek", radiusM: 60 });
  });

  it("with notifications off, never alerts", () => {
    const { fix, topics } = setup();
    fix(10, NOW);
    fix(200, NOW + 5000);
    expect(topics("gps/alert")).toEqual([]);
  });

  it("stores every fix in the track but keeps the newest as the state when an old one arrives late", () => {
    const { fix, topics, gps } = setup();
    fix(10, NOW);
    fix(20, NOW - 60_000);
    expect(topics("gps/mruczek")).toHaveLength(1);
    expect(gps.track("mruczek", 6)).toHaveLength(2);
  });

  it("ignores unknown devices, bad payloads and fixes from the future, and publishes nothing for them", () => {
    const { deliver, published, store } = setup();
    const before = published.length;
    deliver("owntracks/obcy/telefon", ownTracksLocation({ lat: 1, lon: 2, timeMs: NOW }));
    deliver("owntracks/kot/mruczek", "{not json");
    deliver("owntracks/kot/mruczek", JSON.stringify({ _type: "location", lat: 500, lon: 0, tst: 1 }));
    deliver("owntracks/kot/mruczek", ownTracksLocation({ ...north(5), timeMs: NOW + 3_600_000 }));
    expect(published.length).toBe(before);
    expect(store.count("mruczek")).toBe(0);
  });

  it("answers NOT_FOUND for the track of an unknown tracker", () => {
    const { gps } = setup();
    expect(() => gps.track("pies", 6)).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
  });
});
