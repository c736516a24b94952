import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MINUTE_MS } from "../../contract/history";
import { openDb } from "../domains";
import { type Db } from "../core/db";
import { tempDir } from "../testing/harness";
import * as v from "valibot";
import { HouseholdSchema } from "../household/schema";
import { HistoryRecorder, sampleOf, type RefusalReason } from "./recorder";
import { HouseholdSeries, type SeriesFilter } from "./series-filter";
import { HISTORY_LIMITS, HistoryStore } from "./store";
import { loadFixture } from "../testing/fixtures";

let db: Db;
let store: HistoryStore;
let now: number;
beforeEach(() => {
  db = openDb(tempDir("history-"));
  store = new HistoryStore(db);
  now = Date.UTC(2026, 10, 22, 12, 0, 0);
});
afterEach(() => db.close());

/** Accepts every series: the bounds below hold whatever the household has. */
const everySeries: SeriesFilter = { accepts: () => true, learnState: () => undefined };

const reading = (value: number, time: number) => JSON.stringify({ value, time: new Date(time).toISOString() });
const rowCount = () => (db.prepare("SELECT COUNT(*) AS n FROM history").get() as { n: number }).n;

describe("what the live channel records", () => {
  it("takes sensor readings at their own time and switch power as 1 or 0, and nothing else", () => {
    expect(sampleOf("sensor/temp/balcony", reading(-3.5, now - 1000), now)).toEqual({
      event: "temp",
      device: "balcony",
      value: -3.5,
      time: now - 1000,
    });
    expect(sampleOf("power/listwa/POWER2", '{"state":"ON"}', now)).toEqual({
      event: "power",
      device: "listwa/POWER2",
      value: 1,
      time: now,
    });
    expect(sampleOf("power/pompa/POWER", '{"state":"OFF"}', now)).toMatchObject({ value: 0 });
    expect(sampleOf("sensor/temp/balcony", "{not json", now)).toBe("bad payload");
    expect(sampleOf("sensor/temp/balcony", '{"value":"warm","time":"x"}', now)).toBe("bad payload");
    expect(sampleOf("sensor/wind/balcony", reading(1, now), now)).toBe("not recorded");
    expect(sampleOf("light/hue", "{}", now)).toBe("not recorded");
  });
});

describe("the recorder's bounds", () => {
  it("merges a minute's values into one row with exact average, min and max, and counts a retained value delivered again once", () => {
    const recorder = new HistoryRecorder(store, { series: everySeries, clock: () => now });
    recorder.handle("sensor/temp/balcony", reading(10, now - 50_000));
    recorder.handle("sensor/temp/balcony", reading(10, now - 50_000)); // the same retained message again
    recorder.handle("sensor/temp/balcony", reading(14, now - 40_000));
    recorder.handle("sensor/temp/balcony", reading(12, now - 30_000));
    expect(recorder.flush()).toBeNull();
    expect(rowCount()).toBe(1);
    expect(store.buckets(["temp"], ["balcony"], now - 3_600_000, now, 5 * MINUTE_MS)).toEqual([
      { event: "temp", device: "balcony", time: now - 5 * MINUTE_MS, value: 12, min: 10, max: 14 },
    ]);
  });

  it("skips readings older than the raw retention or over a minute in the future", () => {
    const recorder = new HistoryRecorder(store, { series: everySeries, clock: () => now });
    recorder.handle("sensor/temp/balcony", reading(1, now - HISTORY_LIMITS.rawKeepMs - 1));
    recorder.handle("sensor/temp/balcony", reading(1, now + 2 * MINUTE_MS));
    recorder.flush();
    expect(rowCount()).toBe(0);
    expect(recorder.stats.skipped["too old or in the future"]).toBe(2);
  });

  it("records at most maxSeries series; values of further ones are refused and counted", () => {
    const recorder = new HistoryRecorder(store, { series: everySeries, clock: () => now });
    for (let i = 0; i < HISTORY_LIMITS.maxSeries + 25; i += 1)
      recorder.handle(`sensor/temp/place-${i}`, reading(i, now));
    recorder.flush();
    expect(store.countSeries()).toBe(HISTORY_LIMITS.maxSeries);
    expect(recorder.stats.skipped["series cap"]).toBe(25);
    // a new recorder on the same table still knows the cap is reached
    const again = new HistoryRecorder(store, { series: everySeries, clock: () => now });
    again.handle("sensor/temp/one-more", reading(1, now));
    expect(again.stats.skipped["series cap"]).toBe(1);
  });

  it("compacts rows past the raw retention into quarter hours (averages kept) and deletes rows past the retention", () => {
    const old = now - HISTORY_LIMITS.rawKeepMs - 60 * MINUTE_MS;
    const quarter = Math.floor(old / (15 * MINUTE_MS)) * 15 * MINUTE_MS;
    const minutes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((m) => quarter + m * MINUTE_MS);
    store.write(
      minutes.map((time, i) => ({
        event: "temp",
        device: "balcony",
        time,
        span: MINUTE_MS,
        sum: i,
        count: 1,
        min: i,
        max: i,
      })),
    );
    store.write([
      {
        event: "temp",
        device: "balcony",
        time: now - HISTORY_LIMITS.keepMs - 1,
        span: 15 * MINUTE_MS,
        sum: 5,
        count: 1,
        min: 5,
        max: 5,
      },
    ]);
    store.write([
      { event: "temp", device: "balcony", time: now - MINUTE_MS, span: MINUTE_MS, sum: 3, count: 1, min: 3, max: 3 },
    ]);
    expect(rowCount()).toBe(17);
    expect(store.maintain(now)).toEqual({ compacted: 15, deleted: 1 });
    expect(rowCount()).toBe(2);
    expect(store.buckets(["temp"], ["balcony"], quarter, quarter + 15 * MINUTE_MS, 15 * MINUTE_MS)).toEqual([
      { event: "temp", device: "balcony", time: quarter, value: 7, min: 0, max: 14 },
    ]);
  });
});

describe("only the household's series", () => {
  const household = v.parse(HouseholdSchema, {
    sensors: [
      {
        id: "balkon-temp",
        kind: "temp",
        place: "balcony",
        label: "Balkon",
        source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" },
      },
    ],
    switches: [
      { name: "pompa", label: "Pompa", purpose: null, device: "pompa" },
      { name: "listwa", label: "Listwa", purpose: null, device: "listwa", relays: 3 },
      { name: "lampka", label: "Lampka", purpose: null, device: "sonoff4", relay: 2 },
      { name: "sonoff4_all", label: "Cała", purpose: null, device: "sonoff4" },
    ],
  });
  const series = () => new HouseholdSeries(household);

  it("accepts the household's sensors and the relays its switches have; never POWER0 or a relay past the device's", () => {
    const filter = series();
    expect(filter.accepts("temp", "balcony")).toBe(true);
    expect(filter.accepts("temp", "attic")).toBe(false);
    expect(filter.accepts("humid", "balcony")).toBe(false);
    expect(
      [
        "pompa/POWER",
        "pompa/POWER1",
        "listwa/POWER1",
        "listwa/POWER3",
        "lampka/POWER2",
        "sonoff4_all/POWER2",
        "sonoff4/POWER1",
      ].filter((d) => !filter.accepts("power", d)),
    ).toEqual([]);
    expect(
      [
        "pompa/POWER0",
        "pompa/POWER2",
        "listwa/POWER0",
        "listwa/POWER4",
        "listwa/POWER99",
        "lampka/POWER1",
        "lampka/POWER",
        "sonoff4/POWER3",
        "made_up/POWER",
        "listwa/POWER01",
        "listwa/POWER",
        "sonoff4/POWER",
      ].filter((d) => filter.accepts("power", d)),
    ).toEqual([]);
  });

  it("learns a switch's relays from its STATE telemetry (a real five-channel STATE), for switches only", () => {
    const filter = series();
    const state = loadFixture("tasmota/state_multi_relay_power1_5.json").payload;
    filter.learnState("listwa", state);
    filter.learnState("made_up", state);
    expect(filter.accepts("power", "listwa/POWER5")).toBe(true);
    expect(filter.accepts("power", "listwa/POWER6")).toBe(false);
    expect(filter.accepts("power", "made_up/POWER1")).toBe(false);
  });

  it("two devices publishing POWER0..POWER99 record only their real relays; each refused series is reported once", () => {
    const refused: [string, RefusalReason][] = [];
    const recorder = new HistoryRecorder(store, {
      series: series(),
      clock: () => now,
      onRefused: (s, reason) => refused.push([s, reason]),
    });
    for (let round = 0; round < 10; round++) {
      for (const device of ["listwa", "pompa"])
        for (let n = 0; n < 100; n++) recorder.handle(`power/${device}/POWER${n}`, '{"state":"ON"}');
    }
    recorder.handle("power/pompa/POWER", '{"state":"ON"}');
    recorder.flush();
    expect(
      store
        .series()
        .map((s) => s.device)
        .sort(),
    ).toEqual(["listwa/POWER1", "listwa/POWER2", "listwa/POWER3", "pompa/POWER", "pompa/POWER1"]);
    expect(refused).toHaveLength(200 - 4);
    expect(new Set(refused.map(([s]) => s)).size).toBe(196);
    expect(recorder.stats.skipped["not the household's"]).toBe(10 * 196);
  });

  it("holds at most maxSeriesPerDevice series of one device, whatever the filter accepts", () => {
    const refused: RefusalReason[] = [];
    const recorder = new HistoryRecorder(store, {
      series: everySeries,
      clock: () => now,
      onRefused: (_s, reason) => refused.push(reason),
    });
    for (let n = 1; n <= 40; n++) recorder.handle(`power/sonoff/POWER${n}`, '{"state":"ON"}');
    recorder.handle("sensor/temp/balcony", reading(1, now));
    recorder.flush();
    expect(store.countSeries()).toBe(HISTORY_LIMITS.maxSeriesPerDevice + 1);
    expect(refused).toEqual(Array(40 - HISTORY_LIMITS.maxSeriesPerDevice).fill("series cap per device"));
  });

  it("does not count series stored earlier that are not the household's against the cap", () => {
    store.write(
      Array.from({ length: HISTORY_LIMITS.maxSeries }, (_, i) => ({
        event: "power" as const,
        device: `junk/POWER${i}`,
        time: now - MINUTE_MS,
        span: MINUTE_MS,
        sum: 1,
        count: 1,
        min: 1,
        max: 1,
      })),
    );
    const recorder = new HistoryRecorder(store, { series: series(), clock: () => now });
    recorder.handle("power/pompa/POWER", '{"state":"ON"}');
    recorder.flush();
    expect(store.knows("power", "pompa/POWER")).toBe(true);
  });
});
